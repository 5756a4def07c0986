import { describe, expect, it } from "vitest";
import { createWorkQueue } from "./work-queue";

/** A queue of numbers whose jobs wait for the test's release; what ran and what was dropped. */
function gatedQueue() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const ran: number[] = [];
  const dropped: [number, string][] = [];
  const queue = createWorkQueue<number>({
    capacity: 2,
    concurrency: 1,
    retryDelaysMs: [],
    run: async (job) => {
      await gate;
      ran.push(job);
      return "done";
    },
    onDrop: (job, reason) => dropped.push([job, reason]),
  });
  return { queue, release, ran, dropped };
}

describe("notifications' work queue", () => {
  it("drops a job that finds the queue full, says so, and runs the others in order", async () => {
    const { queue, release, ran, dropped } = gatedQueue();
    // Job 1 runs at once; 2 and 3 fill the two waiting places; 4 finds them taken.
    for (const job of [1, 2, 3, 4]) queue.add(job);
    expect(dropped).toEqual([[4, "full"]]);
    release();
    await queue.idle();
    expect(ran).toEqual([1, 2, 3]);
    // A place freed: the queue takes jobs again.
    queue.add(5);
    await queue.idle();
    expect(ran).toEqual([1, 2, 3, 5]);
    expect(dropped).toEqual([[4, "full"]]);
  });

  it("is idle only once every retry has run or been given up", async () => {
    const attempts: number[] = [];
    const dropped: string[] = [];
    const queue = createWorkQueue<number>({
      capacity: 10,
      concurrency: 2,
      retryDelaysMs: [5, 5],
      run: async (job) => {
        attempts.push(job);
        return "retry";
      },
      onDrop: (_job, reason) => dropped.push(reason),
    });
    await queue.idle();
    queue.add(7);
    await queue.idle();
    // The first try and both retries, then dropped.
    expect(attempts).toEqual([7, 7, 7]);
    expect(dropped).toEqual(["retries"]);
  });

  it("drops a job whose run throws, with the error, and keeps going", async () => {
    const errors: unknown[] = [];
    const ran: number[] = [];
    const queue = createWorkQueue<number>({
      capacity: 10,
      concurrency: 1,
      retryDelaysMs: [],
      run: async (job) => {
        if (job === 1) throw new Error("broken");
        ran.push(job);
        return "done";
      },
      onDrop: (_job, reason, error) => errors.push([reason, (error as Error).message]),
    });
    queue.add(1);
    queue.add(2);
    await queue.idle();
    expect(errors).toEqual([["error", "broken"]]);
    expect(ran).toEqual([2]);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { WorkQueue } from "./work-queue";

/** A job that runs until the test releases it. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const busy = () => new Error("busy");

describe("WorkQueue", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs at most `concurrency` jobs at once, the others in the order they came", async () => {
    const queue = new WorkQueue({ concurrency: 2 });
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const done = gates.map((g, index) =>
      queue.run(async () => {
        started.push(index);
        await g.opened;
        return index;
      }),
    );
    await vi.waitFor(() => expect(started).toEqual([0, 1]));
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    gates[1]?.open();
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2]));
    gates[0]?.open();
    gates[2]?.open();
    gates[3]?.open();
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it("refuses a job at once when `maxWaiting` jobs already wait, and never runs it", async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 1, busy });
    const first = gate();
    const running = queue.run(() => first.opened);
    const waiting = queue.run(async () => "second");
    let third = false;
    await expect(
      queue.run(async () => {
        third = true;
      }),
    ).rejects.toThrow("busy");
    first.open();
    await running;
    expect(await waiting).toBe("second");
    expect(third).toBe(false);
  });

  it("refuses a job that waited `waitTimeoutMs` without its turn; the queue goes on", async () => {
    vi.useFakeTimers();
    const queue = new WorkQueue({ concurrency: 1, waitTimeoutMs: 1_000, busy });
    const first = gate();
    const running = queue.run(() => first.opened);
    let ran = false;
    const late = queue.run(async () => {
      ran = true;
    });
    const refused = expect(late).rejects.toThrow("busy");
    await vi.advanceTimersByTimeAsync(1_000);
    await refused;
    expect(queue.waiting).toBe(0);
    first.open();
    await running;
    expect(ran).toBe(false);
    expect(await queue.run(async () => "next")).toBe("next");
  });

  it("frees the slot when a job throws", async () => {
    const queue = new WorkQueue({ concurrency: 1 });
    await expect(queue.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await queue.run(async () => 1)).toBe(1);
    expect(queue.running).toBe(0);
  });
});

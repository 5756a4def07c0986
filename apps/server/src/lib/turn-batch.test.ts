import { describe, expect, it } from "vitest";
import { TurnBatch } from "./turn-batch";

describe("TurnBatch", () => {
  it("writes the items of one turn in one call and the next turn's in another", async () => {
    const calls: number[][] = [];
    const batch = new TurnBatch<number>({
      write: async (items) => {
        calls.push(items);
      },
      fail: () => {},
    });
    batch.add(1);
    batch.add(2);
    await new Promise((resolve) => setImmediate(resolve));
    batch.add(3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([[1, 2], [3]]);
  });

  it("tries each item alone when a batch fails, so only the bad one fails", async () => {
    const written: number[] = [];
    const failed: Array<[number, string]> = [];
    const batch = new TurnBatch<number>({
      write: async (items) => {
        if (items.includes(13)) throw new Error(`bad ${items.join(",")}`);
        written.push(...items);
      },
      fail: (item, error) => failed.push([item, (error as Error).message]),
    });
    for (const item of [1, 13, 2]) batch.add(item);
    await expect.poll(() => written.length + failed.length).toBe(3);
    expect(written.sort()).toEqual([1, 2]);
    expect(failed).toEqual([[13, "bad 13"]]);
  });
});

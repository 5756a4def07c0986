import { describe, expect, it } from "vitest";
import { KeyedBatch } from "./keyed-batch";

type Item = { key: string; n: number };
const item = (key: string, n: number): Item => ({ key, n });

/** A batch whose writes wait until the test lets them finish, recording what each write held. */
function heldBatch(options: { maxBatch: number; maxInFlight: number; failOn?: number }) {
  const writes: Item[][] = [];
  const release: Array<() => void> = [];
  const failed: Array<[number, string]> = [];
  const batch = new KeyedBatch<Item>({
    keyOf: (entry) => entry.key,
    write: (items) => {
      writes.push(items);
      if (items.some((entry) => entry.n === options.failOn)) {
        return Promise.reject(new Error(`bad ${items.map((entry) => entry.n).join(",")}`));
      }
      return new Promise((resolve) => release.push(() => resolve()));
    },
    fail: (entry, error) => failed.push([entry.n, (error as Error).message]),
    maxBatch: options.maxBatch,
    maxInFlight: options.maxInFlight,
  });
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  /** Lets every write in flight finish, then waits for the batches that follow. */
  const settle = async () => {
    for (const done of release.splice(0)) done();
    await turn();
    await turn();
  };
  const numbers = (index: number) => writes[index]?.map((entry) => entry.n);
  return { batch, writes, failed, turn, settle, numbers };
}

describe("KeyedBatch", () => {
  it("writes one item per key per batch, in the order they came, never two batches of one key at once", async () => {
    const { batch, writes, turn, settle, numbers } = heldBatch({ maxBatch: 10, maxInFlight: 4 });
    for (const [n, key] of ["a", "b", "a", "c", "a", "b"].entries()) batch.add(item(key, n));
    await turn();
    // a0, b1, c3 in the first batch; a2 and b5 wait while a and b are being written, and so does a4.
    expect(writes).toHaveLength(1);
    expect(numbers(0)).toEqual([0, 1, 3]);
    await settle();
    expect(numbers(1)).toEqual([2, 5]);
    await settle();
    expect(numbers(2)).toEqual([4]);
    await settle();
    expect(writes).toHaveLength(3);
  });

  it("caps a batch at maxBatch and the batches in flight at maxInFlight; the rest go as writes finish", async () => {
    const { batch, writes, turn, settle } = heldBatch({ maxBatch: 3, maxInFlight: 2 });
    for (let n = 0; n < 10; n++) batch.add(item(`k${n}`, n));
    await turn();
    expect(writes.map((items) => items.length)).toEqual([3, 3]);
    await settle();
    expect(writes.map((items) => items.length)).toEqual([3, 3, 3, 1]);
    expect(writes.flat().map((entry) => entry.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("a lone item is written in the turn it came, alone", async () => {
    const { batch, writes, turn } = heldBatch({ maxBatch: 64, maxInFlight: 4 });
    batch.add(item("a", 1));
    await turn();
    expect(writes).toEqual([[item("a", 1)]]);
  });

  it("tries each item alone when a batch fails, so only the bad one fails", async () => {
    const { batch, writes, failed, turn, settle } = heldBatch({ maxBatch: 10, maxInFlight: 4, failOn: 13 });
    for (const n of [1, 13, 2]) batch.add(item(`k${n}`, n));
    await turn();
    await settle();
    expect(writes.map((items) => items.map((entry) => entry.n))).toEqual([[1, 13, 2], [1], [13], [2]]);
    expect(failed).toEqual([[13, "bad 13"]]);
  });
});

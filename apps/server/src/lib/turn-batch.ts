import { writeOrSplit } from "./keyed-batch";

/**
 * Items handed in during one event-loop turn, written together after it (`setImmediate`): one statement
 * for many callers (the group message insert, bench B1; the browsers of joining members, bench B4).
 * When a batch of several fails, each item is tried again on its own, so one bad item fails alone.
 */
export class TurnBatch<T> {
  private pending: T[] = [];
  private isScheduled = false;

  constructor(
    private readonly options: {
      /** Writes the batch and settles each item's caller; rejects when nothing was written. */
      write: (batch: T[]) => Promise<void>;
      /** Tells an item's caller that its write failed. */
      fail: (item: T, error: unknown) => void;
    },
  ) {}

  add(item: T): void {
    this.pending.push(item);
    if (this.isScheduled) return;
    this.isScheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    this.isScheduled = false;
    const { write, fail } = this.options;
    void writeOrSplit(batch, write, fail);
  }
}

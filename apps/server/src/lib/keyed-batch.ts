export interface KeyedBatchOptions<T> {
  /** Items of one key are never in one batch or in two batches at once (a conversation, a row). */
  keyOf: (item: T) => string;
  /** Writes the batch and settles each item's caller; rejects when nothing was written. */
  write: (batch: T[]) => Promise<void>;
  /** Tells an item's caller that its write failed. */
  fail: (item: T, error: unknown) => void;
  maxBatch: number;
  maxInFlight: number;
}

/**
 * Group commit by key: items are written in batches of at most `maxBatch`, with at most one item per
 * key in a batch and none whose key a batch in flight holds, and at most `maxInFlight` batches at once.
 * Items of one key are written in the order they came, one batch after the other. A batch starts when
 * the event-loop turn that filled it ends, or under load as soon as a batch in flight settles: a lone
 * item waits for nothing, and batches grow with the load. When a batch of several fails, each item is
 * tried again on its own, so one bad item fails alone.
 */
export class KeyedBatch<T> {
  private queue: T[] = [];
  /** The keys of the batches in flight. */
  private readonly writing = new Set<string>();
  private inFlight = 0;
  private isScheduled = false;

  constructor(private readonly options: KeyedBatchOptions<T>) {}

  add(item: T): void {
    this.queue.push(item);
    this.schedule();
  }

  private schedule(): void {
    if (this.isScheduled) return;
    this.isScheduled = true;
    setImmediate(() => {
      this.isScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    const { keyOf, write, fail, maxInFlight } = this.options;
    while (this.inFlight < maxInFlight) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.inFlight += 1;
      void writeOrSplit(batch, write, fail).finally(() => {
        this.inFlight -= 1;
        for (const item of batch) this.writing.delete(keyOf(item));
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  /** The oldest waiting item of each key not being written, up to `maxBatch`; the rest keep their order. */
  private take(): T[] {
    const { keyOf, maxBatch } = this.options;
    const batch: T[] = [];
    const rest: T[] = [];
    const seen = new Set<string>();
    for (const item of this.queue) {
      const key = keyOf(item);
      if (batch.length < maxBatch && !seen.has(key) && !this.writing.has(key)) {
        batch.push(item);
        this.writing.add(key);
      } else {
        rest.push(item);
      }
      seen.add(key);
    }
    this.queue = rest;
    return batch;
  }
}

/** Writes a batch; when a batch of several fails, each item on its own, so one bad item fails alone. */
export async function writeOrSplit<T>(
  batch: T[],
  write: (batch: T[]) => Promise<void>,
  fail: (item: T, error: unknown) => void,
): Promise<void> {
  try {
    await write(batch);
  } catch (error) {
    const [only] = batch;
    if (batch.length === 1 && only !== undefined) {
      fail(only, error);
      return;
    }
    await Promise.all(batch.map((item) => write([item]).catch((single: unknown) => fail(item, single))));
  }
}

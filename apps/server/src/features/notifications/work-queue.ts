/**
 * A bounded in-memory queue run by a few workers, off the caller's path: `add` never waits. A job
 * that asks to be retried runs again after the next delay of `retryDelaysMs` (backoff), then is
 * dropped. A full queue drops the new job (and says so through `onDrop`).
 */
export interface WorkQueueOptions<T> {
  run(job: T): Promise<"done" | "retry">;
  capacity: number;
  concurrency: number;
  retryDelaysMs: readonly number[];
  onDrop(job: T, reason: "full" | "retries" | "error", error?: unknown): void;
}

export interface WorkQueue<T> {
  add(job: T): void;
  /** Resolves once no job is waiting, running or due a retry (tests wait on it, not on time). */
  idle(): Promise<void>;
  /** Stops taking jobs and waits for those running; pending retries are dropped. */
  stop(): Promise<void>;
}

interface Entry<T> {
  job: T;
  attempt: number;
}

export function createWorkQueue<T>(options: WorkQueueOptions<T>): WorkQueue<T> {
  const waiting: Entry<T>[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  const idleWaiters: (() => void)[] = [];
  const isIdle = () => waiting.length === 0 && running.size === 0 && timers.size === 0;
  const settleIfIdle = () => {
    if (isIdle()) for (const resolve of idleWaiters.splice(0)) resolve();
  };

  const pump = () => {
    while (!stopped && running.size < options.concurrency && waiting.length > 0) {
      const entry = waiting.shift() as Entry<T>;
      const task = runEntry(entry).finally(() => {
        running.delete(task);
        pump();
        settleIfIdle();
      });
      running.add(task);
    }
  };

  const runEntry = async (entry: Entry<T>) => {
    let outcome: "done" | "retry";
    try {
      outcome = await options.run(entry.job);
    } catch (error) {
      options.onDrop(entry.job, "error", error);
      return;
    }
    if (outcome === "done") return;
    const delay = options.retryDelaysMs[entry.attempt];
    if (delay === undefined || stopped) {
      options.onDrop(entry.job, "retries");
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      enqueue({ job: entry.job, attempt: entry.attempt + 1 });
      settleIfIdle();
    }, delay);
    timer.unref();
    timers.add(timer);
  };

  const enqueue = (entry: Entry<T>) => {
    if (stopped) return;
    if (waiting.length >= options.capacity) {
      options.onDrop(entry.job, "full");
      return;
    }
    waiting.push(entry);
    pump();
  };

  return {
    add: (job) => enqueue({ job, attempt: 0 }),
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIfIdle();
      }),
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      waiting.length = 0;
      await Promise.allSettled([...running]);
      settleIfIdle();
    },
  };
}

/**
 * Runs at most `concurrency` jobs at once; the others wait in order. A bounded queue also refuses
 * rather than pile up: with `maxWaiting` jobs already waiting a new one is refused at once, and a job
 * that waited `waitTimeoutMs` without starting is refused then, both with `busy()`. A refused job never
 * runs. (A small hand-written queue rather than p-queue: p-queue has neither limit, and a new
 * dependency for forty lines is not worth it.)
 */
export interface WorkQueueOptions {
  concurrency: number;
  /** Jobs that may wait at once (default: no limit). */
  maxWaiting?: number;
  /** How long a job may wait for its turn (default: no limit). */
  waitTimeoutMs?: number;
  /** The error a refused job rejects with. */
  busy?: () => Error;
}

interface Waiter {
  start: () => void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export class WorkQueue {
  private active = 0;
  private readonly waiters: Waiter[] = [];

  constructor(private readonly options: WorkQueueOptions) {}

  /** Jobs running now. */
  get running(): number {
    return this.active;
  }

  /** Jobs waiting for their turn. */
  get waiting(): number {
    return this.waiters.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.options.concurrency) await this.turn();
    else this.active++;
    try {
      return await job();
    } finally {
      this.release();
    }
  }

  private turn(): Promise<void> {
    const { maxWaiting, waitTimeoutMs } = this.options;
    if (maxWaiting !== undefined && this.waiters.length >= maxWaiting) return Promise.reject(this.busy());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { start: resolve, timer: undefined };
      if (waitTimeoutMs !== undefined) {
        waiter.timer = setTimeout(() => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(this.busy());
        }, waitTimeoutMs);
      }
      this.waiters.push(waiter);
    });
  }

  /** The slot passes straight to the next waiter, so nothing can overtake it in between. */
  private release(): void {
    const next = this.waiters.shift();
    if (!next) {
      this.active--;
      return;
    }
    clearTimeout(next.timer);
    next.start();
  }

  private busy(): Error {
    return this.options.busy?.() ?? new Error("work queue is full");
  }
}

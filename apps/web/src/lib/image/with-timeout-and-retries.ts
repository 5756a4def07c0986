/** The attempt ran longer than its time limit (and was aborted). */
export class TaskTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`Timed out after ${timeoutMs} ms`);
    this.name = "TaskTimeoutError";
  }
}

/** The caller gave up (its signal aborted); never retried. */
export class TaskCanceledError extends Error {
  constructor() {
    super("Canceled");
    this.name = "TaskCanceledError";
  }
}

export interface TimeoutRetryPolicy {
  /** Each attempt's own limit. */
  timeoutMs: number;
  /** Further attempts after the first (spec §9: 2 for image processing and for uploads). */
  retries: number;
  /** Whether a failed attempt is worth repeating; timeouts are, by default everything is. */
  shouldRetry?: (error: unknown) => boolean;
  /** The caller's signal: aborting it stops the current attempt and every later one. */
  signal?: AbortSignal;
}

/** One attempt: the task raced against its timer; the task's own signal aborts on timeout or cancel. */
function attemptOnce<T>(
  task: (signal: AbortSignal, attempt: number) => Promise<T>,
  attempt: number,
  { timeoutMs, signal }: TimeoutRetryPolicy,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const controller = new AbortController();
    let isSettled = false;
    const settle = (finish: () => void) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onCancel);
      finish();
    };
    const onCancel = () => {
      controller.abort();
      settle(() => reject(new TaskCanceledError()));
    };
    const timer = setTimeout(() => {
      controller.abort();
      settle(() => reject(new TaskTimeoutError(timeoutMs)));
    }, timeoutMs);
    signal?.addEventListener("abort", onCancel, { once: true });
    task(controller.signal, attempt).then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

/**
 * Runs `task` with a time limit per attempt and up to `retries` further attempts (spec §9 Image
 * processing 10 s / 2 retries, Upload 15 s / 2 retries). Throws the last attempt's error;
 * a cancel by the caller throws `TaskCanceledError` at once.
 */
export async function runWithTimeoutAndRetries<T>(
  task: (signal: AbortSignal, attempt: number) => Promise<T>,
  policy: TimeoutRetryPolicy,
): Promise<T> {
  const shouldRetry = policy.shouldRetry ?? (() => true);
  for (let attempt = 0; ; attempt += 1) {
    if (policy.signal?.aborted) throw new TaskCanceledError();
    try {
      return await attemptOnce(task, attempt, policy);
    } catch (error) {
      const canRetry = attempt < policy.retries && !(error instanceof TaskCanceledError);
      if (!canRetry || !shouldRetry(error)) throw error;
    }
  }
}

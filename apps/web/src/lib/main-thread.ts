/**
 * Ways to keep a page's start in short tasks (issue #36, B6's total blocking time: on a phone's CPU,
 * 4× slower than this machine's, every task over 50 ms blocks input, and only its excess counts, so a
 * long task cut in two costs less than the whole).
 */

/**
 * Runs `task` once the browser is idle (at the latest after `timeoutMs`), in a task of its own.
 * Returns the function that cancels it if it has not run yet.
 */
export function whenIdle(task: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, Math.min(200, timeoutMs));
  return () => clearTimeout(timer);
}

/**
 * Lets the browser run whatever is waiting (input, a frame) before the next piece of work, so that
 * the work is several short tasks rather than one long one.
 */
export function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

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

/** What counts as the visitor engaging with a page (a tap, a key, a scroll). */
const ENGAGEMENT_EVENTS = ["pointerdown", "keydown", "touchstart", "wheel", "scroll"] as const;

/**
 * How long after its load event a page that nobody touches waits before starting what can wait (a
 * public page's socket, its services, its demo), so that its first seconds are the visitor's: on a
 * phone's CPU every task then competes with the first taps (issue #36).
 */
export const SETTLE_AFTER_LOAD_MS = 3_000;

/**
 * Resolves once the visitor first engages with the page (`ENGAGEMENT_EVENTS`), or `settleMs` after its
 * load event, whichever comes first, then once the browser is idle.
 */
export function whenEngagedOrSettled(settleMs = SETTLE_AFTER_LOAD_MS): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hasStarted = false;
    const start = () => {
      if (hasStarted) return;
      hasStarted = true;
      clearTimeout(timer);
      window.removeEventListener("load", startTimer);
      for (const type of ENGAGEMENT_EVENTS) window.removeEventListener(type, start, true);
      whenIdle(() => resolve());
    };
    const startTimer = () => {
      timer = setTimeout(start, settleMs);
    };
    for (const type of ENGAGEMENT_EVENTS) {
      window.addEventListener(type, start, { capture: true, once: true, passive: true });
    }
    if (document.readyState === "complete") startTimer();
    else window.addEventListener("load", startTimer, { once: true });
  });
}

import { randomInt } from "node:crypto";

/** ADR 0014: an account's removals reach open walls spread over minutes, one at a time. */
export const REMOVAL_PUSH_WINDOW_MS = 10 * 60_000;
/**
 * No two scattered pushes of this node closer than this, nor one this close to the deletion: twice the
 * group room's 250 ms people-list coalescing, so the account's departure from the room is apart too.
 */
export const REMOVAL_PUSH_GAP_MS = 500;

export interface ScatteredPushOptions {
  /** Each push is due at its own uniformly random moment within this window (default 10 min). */
  windowMs?: number;
  /** The least time between two pushes, and between the deletion and the first (default 500 ms). */
  gapMs?: number;
}

export interface ScatteredPushes {
  /** Queues each push at its own independent random moment; none runs now. */
  scatter(pushes: ReadonlyArray<() => void>): void;
  /** Drops what is still queued: running it all at once would be the link it exists to prevent. */
  stop(): void;
}

interface Due {
  at: number;
  push: () => void;
}

/**
 * The pushes that tell open walls what an account deletion took (ADR 0014). The content is already
 * gone from every read when they are queued; each push only lets a wall catch up. So a lost push (the
 * node stops) costs a stale card until the wall's next read, and nothing survives a restart on purpose.
 * One pump per node releases the due pushes in due order with at least `gapMs` between two, whoever
 * they belong to: the order and spacing a watcher sees carry no author. Each deletion's pushes run on
 * the node that deleted; the adapter carries them to the walls on every node.
 */
export function createScatteredPushes(
  options: ScatteredPushOptions & { onError: (error: unknown) => void },
): ScatteredPushes {
  const windowMs = options.windowMs ?? REMOVAL_PUSH_WINDOW_MS;
  const gapMs = options.gapMs ?? REMOVAL_PUSH_GAP_MS;
  const queue: Due[] = [];
  let timer: NodeJS.Timeout | undefined;
  let notBefore = 0;

  const arm = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const next = queue[0];
    if (!next) return;
    timer = setTimeout(release, Math.max(0, Math.max(next.at, notBefore) - Date.now()));
    timer.unref();
  };
  const release = (): void => {
    timer = undefined;
    const next = queue.shift();
    if (next) {
      try {
        next.push();
      } catch (error) {
        options.onError(error);
      }
      notBefore = Date.now() + gapMs;
    }
    arm();
  };

  return {
    scatter(pushes) {
      const now = Date.now();
      notBefore = Math.max(notBefore, now + gapMs);
      for (const push of pushes) {
        const at = now + gapMs + (windowMs > 0 ? randomInt(windowMs) : 0);
        queue.splice(insertionIndex(queue, at), 0, { at, push });
      }
      arm();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      queue.length = 0;
    },
  };
}

/** Where `at` goes in a queue sorted by due time (after equal ones). */
function insertionIndex(queue: readonly Due[], at: number): number {
  let low = 0;
  let high = queue.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((queue[middle] as Due).at <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}

import { randomInt } from "node:crypto";

/** ADR 0014: a deleted account's items leave the wall spread over minutes, one at a time. */
export const REMOVAL_PUSH_WINDOW_MS = 10 * 60_000;
/**
 * No two of one account's items closer than this, nor the first this close to the deletion: twice the
 * group room's 250 ms people-list coalescing, so the account's departure from the room is apart too.
 * A node's removal pushes are this far apart too, whoever's they are.
 */
export const REMOVAL_PUSH_GAP_MS = 500;
/** How often each node looks for items due soon (one indexed query; idle, it finds nothing). */
export const REMOVAL_SWEEP_EVERY_MS = 5_000;

export interface ScatteredPushOptions {
  /** Each item is due at its own uniformly random moment within this window (default 10 min). */
  windowMs?: number;
  /** The least time between two of one account's items, and between the deletion and the first. */
  gapMs?: number;
  /** How often a node looks ahead for items due soon (default 5 s). */
  sweepEveryMs?: number;
}

export type RemovalSchedule = Required<ScatteredPushOptions>;

export function removalSchedule(options: ScatteredPushOptions = {}): RemovalSchedule {
  return {
    windowMs: options.windowMs ?? REMOVAL_PUSH_WINDOW_MS,
    gapMs: options.gapMs ?? REMOVAL_PUSH_GAP_MS,
    sweepEveryMs: options.sweepEveryMs ?? REMOVAL_SWEEP_EVERY_MS,
  };
}

/**
 * When each of one account's `count` items leaves, in ms after the deletion: each drawn on its own,
 * `gap + uniform(0, window)` with `crypto.randomInt`, then, in due order, none sooner than `gap` after
 * the one before (as one pump releasing them would). The items' own order does not survive, ties
 * included (they are broken at random).
 */
export function drawRemovalOffsets(
  count: number,
  schedule: Pick<RemovalSchedule, "windowMs" | "gapMs">,
): number[] {
  const { windowMs, gapMs } = schedule;
  const offsets = Array.from({ length: count }, () => gapMs + (windowMs > 0 ? randomInt(windowMs) : 0));
  const dueOrder = shuffled(offsets.map((_, index) => index)).sort(
    (a, b) => (offsets[a] as number) - (offsets[b] as number),
  );
  let previous = Number.NEGATIVE_INFINITY;
  for (const index of dueOrder) {
    previous = Math.max(offsets[index] as number, previous + gapMs);
    offsets[index] = previous;
  }
  return offsets;
}

/** Fisher–Yates with `crypto.randomInt`. */
function shuffled<T>(values: T[]): T[] {
  for (let index = values.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [values[index], values[other]] = [values[other] as T, values[index] as T];
  }
  return values;
}

/** A source of uniform numbers in [0, 1), like `Math.random`; injected so rules stay testable. */
export type RandomSource = () => number;

/**
 * A uniform integer in min…max (both included). A source that misbehaves (returns 1, a negative
 * number or NaN) still yields a value inside the range.
 */
export function randomIntInclusive(min: number, max: number, random: RandomSource): number {
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
  return Math.min(max, min + Math.floor(unit * (max - min + 1)));
}

import {
  FALLBACK_ONLINE_COUNT,
  REAL_USER_COUNT_FLOOR,
  SIMULATED_DRIFT_INTERVAL_MAX_MS,
  SIMULATED_DRIFT_INTERVAL_MIN_MS,
  SIMULATED_DRIFT_MAX,
  SIMULATED_ONLINE_MAX,
  SIMULATED_ONLINE_MIN,
} from "../constants";
import { type RandomSource, randomIntInclusive } from "./random";

/** The header count: the live count when it is a positive number, else 500 (spec §1, §9). */
export function displayedOnlineCount(serverCount: number | null | undefined): number {
  if (typeof serverCount !== "number" || !Number.isFinite(serverCount) || serverCount <= 0) {
    return FALLBACK_ONLINE_COUNT;
  }
  return Math.floor(serverCount);
}

/** spec §5 The real user count is floored at 0 (and a non-number counts as 0). */
export function clampRealUserCount(count: number): number {
  if (!Number.isFinite(count)) return REAL_USER_COUNT_FLOOR;
  return Math.max(REAL_USER_COUNT_FLOOR, Math.floor(count));
}

/** Clamps into the simulated range 500–700 (spec §9; §5 floors it at 500). */
export function clampSimulatedCount(count: number): number {
  if (!Number.isFinite(count)) return SIMULATED_ONLINE_MIN;
  return Math.min(SIMULATED_ONLINE_MAX, Math.max(SIMULATED_ONLINE_MIN, Math.round(count)));
}

/** spec §9 The simulated count starts at a random integer in 500–700. */
export function initialSimulatedCount(random: RandomSource): number {
  return randomIntInclusive(SIMULATED_ONLINE_MIN, SIMULATED_ONLINE_MAX, random);
}

/** spec §9 One drift step: a random integer in −20…+20, clamped to 500–700. */
export function nextSimulatedCount(current: number, random: RandomSource): number {
  const drift = randomIntInclusive(-SIMULATED_DRIFT_MAX, SIMULATED_DRIFT_MAX, random);
  return clampSimulatedCount(clampSimulatedCount(current) + drift);
}

/** spec §9 The wait before the next drift: a random whole number of ms in 5000–15000. */
export function nextSimulatedDelayMs(random: RandomSource): number {
  return randomIntInclusive(SIMULATED_DRIFT_INTERVAL_MIN_MS, SIMULATED_DRIFT_INTERVAL_MAX_MS, random);
}

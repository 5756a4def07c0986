import { FALLBACK_ONLINE_COUNT } from "@heartline/shared";

export interface OnlinePillInput {
  /** The last count the server gave (HTTP or a socket push), undefined until one arrives. */
  lastKnown: number | undefined;
  /** The latest HTTP read failed and no push has come since: the server cannot be reached. */
  isUnreachable: boolean;
}

/**
 * spec §1: the header's live count falls back to 500 when the count is unavailable or zero. It shows
 * the server's count, keeps the last known one while the socket reconnects (issue #14), and shows 500
 * when the server cannot be reached, has never answered, or counts nobody (issue #38: after a
 * sign-out the pill said "0 online" until a reload).
 */
export function onlinePillCount({ lastKnown, isUnreachable }: OnlinePillInput): number {
  if (isUnreachable || lastKnown === undefined || !Number.isFinite(lastKnown)) return FALLBACK_ONLINE_COUNT;
  const count = Math.floor(lastKnown);
  return count > 0 ? count : FALLBACK_ONLINE_COUNT;
}

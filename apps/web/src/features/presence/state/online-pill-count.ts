import { FALLBACK_ONLINE_COUNT } from "@heartline/shared";

export interface OnlinePillInput {
  /** The last count the server gave (HTTP or a socket push), undefined until one arrives. */
  lastKnown: number | undefined;
  /** The latest HTTP read failed and no push has come since: the server cannot be reached. */
  isUnreachable: boolean;
}

/**
 * issue #14: the pill never invents a number for a live server. It shows the server's count, keeps
 * the last known one while the socket reconnects (a sign-out reconnects it), and shows spec §1's 500
 * only when the server truly cannot be reached (or has never answered).
 */
export function onlinePillCount({ lastKnown, isUnreachable }: OnlinePillInput): number {
  if (isUnreachable || lastKnown === undefined || !Number.isFinite(lastKnown)) return FALLBACK_ONLINE_COUNT;
  return Math.max(0, Math.floor(lastKnown));
}

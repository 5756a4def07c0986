import { clampRealUserCount, type OnlineUserRecord } from "@heartline/shared";
import type { QueryClient } from "@tanstack/react-query";
import { applyPushedChange } from "../../../lib/refetch-after-change";
import { presenceKeys } from "../api/presence-keys";

/**
 * A socket disconnect is not an event here: issue #14 keeps the last known count while the socket
 * reconnects (spec §4's reset to 0 made the header show an invented 500 after every sign-out).
 */
export type PresenceEvent = { type: "online_users"; payload: number | OnlineUserRecord[] };

/** spec §7 `online_users` carries a number, or an array of people (its length is the count). */
export function countFromOnlineUsers(payload: unknown): number | null {
  if (typeof payload === "number") return clampRealUserCount(payload);
  if (Array.isArray(payload)) return payload.length;
  return null;
}

/** The one place incoming presence socket events change the cached online count (STYLE). */
export function applyPresenceEvent(queryClient: QueryClient, event: PresenceEvent): void {
  const count = countFromOnlineUsers(event.payload);
  // The read on reconnect may still be in flight; its answer is older than this push.
  if (count !== null) applyPushedChange<number>(queryClient, presenceKeys.onlineCount(), () => count);
}

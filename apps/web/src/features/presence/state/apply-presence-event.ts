import { clampRealUserCount, type OnlineUserRecord } from "@heartline/shared";
import type { QueryClient } from "@tanstack/react-query";
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
  if (count === null) return;
  // A read still in flight (the one on reconnect) was counted before this push: its answer must not
  // overwrite the pushed count. Cancelling restores the state before that read, synchronously.
  void queryClient.cancelQueries({ queryKey: presenceKeys.onlineCount() });
  queryClient.setQueryData(presenceKeys.onlineCount(), count);
}

import { clampRealUserCount, type OnlineUserRecord } from "@heartline/shared";
import type { QueryClient } from "@tanstack/react-query";
import { presenceKeys } from "../api/presence-keys";

export type PresenceEvent =
  | { type: "online_users"; payload: number | OnlineUserRecord[] }
  | { type: "disconnect" };

/** spec §7 `online_users` carries a number, or an array of people (its length is the count). */
export function countFromOnlineUsers(payload: unknown): number | null {
  if (typeof payload === "number") return clampRealUserCount(payload);
  if (Array.isArray(payload)) return payload.length;
  return null;
}

/** The one place incoming presence socket events change the cached online count (STYLE). */
export function applyPresenceEvent(queryClient: QueryClient, event: PresenceEvent): void {
  if (event.type === "disconnect") {
    // spec §4 Socket: on disconnect the real online count resets to 0 (the header then shows 500).
    queryClient.setQueryData(presenceKeys.onlineCount(), 0);
    return;
  }
  const count = countFromOnlineUsers(event.payload);
  if (count !== null) queryClient.setQueryData(presenceKeys.onlineCount(), count);
}

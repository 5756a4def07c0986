import { displayedOnlineCount, type OnlineUserRecord } from "@heartline/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAppSocket } from "../../../lib/socket";
import { applyPresenceEvent } from "../state/apply-presence-event";
import { fetchOnlineCount } from "./fetch-online-count";
import { presenceKeys } from "./presence-keys";

/** The HTTP count is refreshed this often; socket pushes keep it live in between. */
export const ONLINE_COUNT_REFETCH_MS = 30_000;

export interface UseOnlineCountOptions {
  /** API origin; empty in the app (same origin). */
  baseUrl?: string;
}

export interface OnlineCount {
  /** What the header shows: the live count, or 500 when it is unknown or zero (spec §1). */
  displayed: number;
  /** The last real count (HTTP or socket), undefined until one arrives. */
  real: number | undefined;
}

export function useOnlineCount({ baseUrl = "" }: UseOnlineCountOptions = {}): OnlineCount {
  const socket = useAppSocket();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: presenceKeys.onlineCount(),
    queryFn: () => fetchOnlineCount(baseUrl),
    refetchInterval: ONLINE_COUNT_REFETCH_MS,
  });

  useEffect(() => {
    if (!socket) return;
    const onOnlineUsers = (payload: number | OnlineUserRecord[]) =>
      applyPresenceEvent(queryClient, { type: "online_users", payload });
    const onDisconnect = () => applyPresenceEvent(queryClient, { type: "disconnect" });
    socket.on("online_users", onOnlineUsers);
    socket.on("disconnect", onDisconnect);
    return () => {
      socket.off("online_users", onOnlineUsers);
      socket.off("disconnect", onDisconnect);
    };
  }, [socket, queryClient]);

  return { displayed: displayedOnlineCount(data), real: data };
}

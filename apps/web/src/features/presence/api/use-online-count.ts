import type { OnlineUserRecord } from "@heartline/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAppSocket } from "../../../lib/socket";
import { applyPresenceEvent } from "../state/apply-presence-event";
import { onlinePillCount } from "../state/online-pill-count";
import { fetchOnlineCount } from "./fetch-online-count";
import { presenceKeys } from "./presence-keys";

/** The HTTP count is refreshed this often; socket pushes keep it live in between. */
export const ONLINE_COUNT_REFETCH_MS = 30_000;

export interface UseOnlineCountOptions {
  /** API origin; empty in the app (same origin). */
  baseUrl?: string;
}

export interface OnlineCount {
  /** What the header shows: the server's count, the last known one while reconnecting, else 500. */
  displayed: number;
  /** The last real count (HTTP or socket), undefined until one arrives. */
  real: number | undefined;
}

export function useOnlineCount({ baseUrl = "" }: UseOnlineCountOptions = {}): OnlineCount {
  const socket = useAppSocket();
  const queryClient = useQueryClient();
  const { data, isError } = useQuery({
    queryKey: presenceKeys.onlineCount(),
    queryFn: () => fetchOnlineCount(baseUrl),
    refetchInterval: ONLINE_COUNT_REFETCH_MS,
  });

  useEffect(() => {
    if (!socket) return;
    const onOnlineUsers = (payload: number | OnlineUserRecord[]) =>
      applyPresenceEvent(queryClient, { type: "online_users", payload });
    // Back online: ask the server at once rather than waiting for the next poll.
    const onConnect = () => void queryClient.invalidateQueries({ queryKey: presenceKeys.onlineCount() });
    socket.on("online_users", onOnlineUsers);
    socket.on("connect", onConnect);
    return () => {
      socket.off("online_users", onOnlineUsers);
      socket.off("connect", onConnect);
    };
  }, [socket, queryClient]);

  // A push after a failed read sets the data and clears the error: the server answered after all.
  return { displayed: onlinePillCount({ lastKnown: data, isUnreachable: isError }), real: data };
}

import type { BannedUserRecord } from "@heartline/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { AppSocket } from "../../../lib/socket";
import { applyModerationEvent } from "../state/apply-moderation-event";

/** Live admin lists: `banned_users_updated` (admins only) and `muted_users_updated` (spec §6). */
export function useModerationEvents(socket: AppSocket | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onBans = (bans: BannedUserRecord[]) =>
      applyModerationEvent(queryClient, { type: "banned_users_updated", bans });
    const onMutes = () => applyModerationEvent(queryClient, { type: "muted_users_updated" });
    socket.on("banned_users_updated", onBans);
    socket.on("muted_users_updated", onMutes);
    return () => {
      socket.off("banned_users_updated", onBans);
      socket.off("muted_users_updated", onMutes);
    };
  }, [socket, queryClient]);
}

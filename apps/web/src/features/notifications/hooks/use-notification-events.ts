import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { listenToServerEvents } from "../../../lib/listen-to-server-events";
import type { AppSocket } from "../../../lib/socket";
import { applyMuteState } from "../api/use-conversation-mute";
import { applyPushedItem, applyRead } from "../api/use-notification-inbox";

/** The inbox's pushes: a new item, items read elsewhere, a conversation muted or unmuted elsewhere. */
export function useNotificationEvents(socket: AppSocket | null, isEnabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!socket || !isEnabled) return;
    return listenToServerEvents(socket, {
      notification: (payload) => applyPushedItem(client, payload),
      notifications_read: (payload) => applyRead(client, payload),
      notification_mute: (payload) => applyMuteState(client, payload),
    });
  }, [socket, isEnabled, client]);
}

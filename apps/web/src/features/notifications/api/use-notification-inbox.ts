import {
  NOTIFICATION_PATHS,
  type NotificationInbox,
  type NotificationPushedPayload,
  type NotificationsReadPayload,
} from "@heartline/shared";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";

export const notificationKeys = {
  inbox: ["notifications", "inbox"] as const,
  settings: ["notifications", "settings"] as const,
  /** One conversation's mute: `[...mutes, partnerId]`. */
  mutes: ["notifications", "mutes"] as const,
};

/** The in-app inbox (issue #40): loaded once, then kept current by the socket's pushes. */
export function useNotificationInbox(isEnabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.inbox,
    queryFn: () => apiRequest<NotificationInbox>(NOTIFICATION_PATHS.inbox),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: isEnabled,
  });
}

/** `notification`: the item goes first (replacing its thread's older copy). */
export function applyPushedItem(client: QueryClient, payload: NotificationPushedPayload): void {
  client.setQueryData<NotificationInbox>(notificationKeys.inbox, (inbox) =>
    inbox
      ? {
          items: [payload.item, ...inbox.items.filter((item) => item.id !== payload.item.id)],
          unreadCount: payload.unreadCount,
        }
      : inbox,
  );
}

/** `notifications_read`: read on some tab or device. */
export function applyRead(client: QueryClient, payload: NotificationsReadPayload): void {
  const ids = new Set(payload.ids);
  client.setQueryData<NotificationInbox>(notificationKeys.inbox, (inbox) =>
    inbox
      ? {
          items: inbox.items.map((item) =>
            payload.all || ids.has(item.id) ? { ...item, read: true } : item,
          ),
          unreadCount: payload.unreadCount,
        }
      : inbox,
  );
}

/** Marks items read (these ids, or all); every tab hears it over the socket. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation<{ unreadCount: number }, Error, { ids: string[] } | { all: true }>({
    mutationFn: (input) => apiRequest(NOTIFICATION_PATHS.read, { method: "POST", json: input }),
    onSuccess: (answer, input) =>
      applyRead(client, {
        ids: "ids" in input ? input.ids : [],
        all: "all" in input,
        unreadCount: answer.unreadCount,
      }),
  });
}

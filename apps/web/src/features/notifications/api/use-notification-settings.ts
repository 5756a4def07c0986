import {
  NOTIFICATION_PATHS,
  type NotificationSettings,
  type NotificationSettingsInput,
} from "@heartline/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";
import { subscribeThisDevice, unsubscribeThisDevice } from "../domain/push-subscription";
import { notificationKeys } from "./use-notification-inbox";

export function useNotificationSettings(isEnabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: () => apiRequest<NotificationSettings>(NOTIFICATION_PATHS.settings),
    enabled: isEnabled,
  });
}

export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation<NotificationSettings, Error, NotificationSettingsInput>({
    mutationFn: (input) => apiRequest(NOTIFICATION_PATHS.settings, { method: "PUT", json: input }),
    onSuccess: (settings) => client.setQueryData(notificationKeys.settings, settings),
  });
}

/** Push on this device on or off; the time zone goes along, for quiet hours. */
export function useDevicePush() {
  const client = useQueryClient();
  return useMutation<void, Error, boolean>({
    mutationFn: async (on) => {
      if (!on) return unsubscribeThisDevice();
      await subscribeThisDevice();
      await apiRequest(NOTIFICATION_PATHS.settings, {
        method: "PUT",
        json: { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.settings }),
  });
}

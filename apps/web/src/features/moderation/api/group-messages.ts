import { useMutation } from "@tanstack/react-query";
import { adminApi } from "./admin-api";

/** An admin deletes a group message for everyone; the room hears of it through the socket. */
export function useDeleteGroupMessage() {
  return useMutation({ mutationFn: (messageId: string) => adminApi.deleteGroupMessage(messageId) });
}

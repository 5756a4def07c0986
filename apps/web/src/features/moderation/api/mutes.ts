import type { MuteUserInput } from "@heartline/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "./admin-api";
import { moderationKeys } from "./moderation-keys";

/** The current mutes with their reasons (spec §6); `muted_users_updated` refetches them. */
export function useMutes() {
  return useQuery({ queryKey: moderationKeys.mutes(), queryFn: adminApi.mutes });
}

export function useMuteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MuteUserInput) => adminApi.mute(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

/** Unmutes by account id; the username only travels along for the confirmation text. */
export function useUnmute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mute: { userId: string; username: string }) => adminApi.unmute(mute.userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

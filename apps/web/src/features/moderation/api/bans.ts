import type { BanUserInput } from "@heartline/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "./admin-api";
import { moderationKeys } from "./moderation-keys";

/** The latest bans (spec §6); `banned_users_updated` replaces them live (apply-moderation-event). */
export function useBans() {
  return useQuery({ queryKey: moderationKeys.bans(), queryFn: adminApi.bans });
}

/** Ban by username; the admin lists are fetched again once it is stored. */
export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BanUserInput) => adminApi.ban(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

export function useUnban() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => adminApi.unban(username),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

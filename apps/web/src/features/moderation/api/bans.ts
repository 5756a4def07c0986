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

/** Unban one user by id (the list's row), never by a name two people might share. */
export function useUnban() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => adminApi.unban(userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

import type { AccountUser, ProfileUpdateInput } from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionKeys } from "../../accounts";
import { showProfileError } from "../hooks/profile-toasts";
import { profileKeys } from "./profile-keys";
import { updateMyProfile } from "./profiles-api";

interface UpdateContext {
  previous: AccountUser | null | undefined;
}

/**
 * PATCH /api/users/me. The change shows at once (optimistic) and is rolled back with an error toast
 * when the server refuses it; the server's answer then replaces the guess.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation<AccountUser, Error, ProfileUpdateInput, UpdateContext>({
    mutationFn: updateMyProfile,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: sessionKeys.current });
      const previous = queryClient.getQueryData<AccountUser | null>(sessionKeys.current);
      if (previous) {
        queryClient.setQueryData<AccountUser>(sessionKeys.current, {
          ...previous,
          ...(input.bio === undefined ? {} : { bio: input.bio.trim() }),
          ...(input.profileImage === undefined ? {} : { profileImage: input.profileImage }),
          ...(input.bannerImage === undefined ? {} : { bannerImage: input.bannerImage }),
        });
      }
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(sessionKeys.current, context.previous);
      showProfileError(error.message);
    },
    onSuccess: (user) => {
      queryClient.setQueryData(sessionKeys.current, user);
      void queryClient.invalidateQueries({ queryKey: profileKeys.detail(user.id) });
    },
  });
}

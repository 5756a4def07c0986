import { ACCOUNT_PATHS, type AccountUser } from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";
import { sessionKeys } from "../../accounts";

/** Issue #15: "Show sensitive images in direct messages", kept on the account (`PATCH /api/users/me`). */
export function useSensitiveImagesSetting() {
  const queryClient = useQueryClient();
  return useMutation<AccountUser, Error, boolean>({
    mutationFn: async (showSensitiveImages) =>
      (
        await apiRequest<{ user: AccountUser }>(ACCOUNT_PATHS.myProfile, {
          method: "PATCH",
          json: { showSensitiveImages },
        })
      ).user,
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.current, user),
  });
}

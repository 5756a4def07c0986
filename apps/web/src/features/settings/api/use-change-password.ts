import type { ChangePasswordInput } from "@heartline/shared";
import { useMutation } from "@tanstack/react-query";
import { changePassword } from "./account-security-api";

/** Change password; a wrong current password fails with the server's message (spec §5). */
export function useChangePassword(onChanged: () => void) {
  return useMutation<void, Error, ChangePasswordInput>({ mutationFn: changePassword, onSuccess: onChanged });
}

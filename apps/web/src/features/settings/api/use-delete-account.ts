import { useMutation } from "@tanstack/react-query";
import { deleteMyAccount } from "./account-security-api";

/** Deletes the account (spec §4); `onDeleted` then forgets the session and goes home. */
export function useDeleteAccount(onDeleted: () => void) {
  return useMutation<void, Error>({ mutationFn: deleteMyAccount, onSuccess: onDeleted });
}

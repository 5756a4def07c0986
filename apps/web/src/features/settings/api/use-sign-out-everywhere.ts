import { useMutation } from "@tanstack/react-query";
import { signOutEverywhere } from "./account-security-api";

/** Ends every session of the user, this one included; `onSignedOut` then forgets the user here. */
export function useSignOutEverywhere(onSignedOut: () => void) {
  return useMutation<void, Error>({ mutationFn: signOutEverywhere, onSuccess: onSignedOut });
}

import { type AccountUser, VALIDATION_MESSAGES } from "@heartline/shared";
import { accountRequests } from "./account-requests";

/**
 * spec §5 Username uniqueness (and issue #14's look-alikes): why the name cannot be had, or null, asked of
 * the server before the human check is spent. A failed lookup counts as available (the server checks
 * again), and a guest keeping its own name skips it. `for: "guest"` also counts names guests hold.
 */
export async function usernameRefusal(
  username: string,
  options: { guest?: AccountUser | null; for: "sign-up" | "guest" },
): Promise<string | null> {
  const { guest } = options;
  if (guest && guest.username.toLowerCase() === username.toLowerCase()) return null;
  const answer = await accountRequests.checkUsername(username, options.for).catch(() => null);
  return answer?.available === false ? (answer.message ?? VALIDATION_MESSAGES.usernameTaken) : null;
}

interface UsernameFormControls {
  form: { setFieldError: (field: "username", message: string) => void };
  setSubmitting: (isSubmitting: boolean) => void;
}

/** A `beforeCheck` for the guest and sign-up forms: the refusal goes under the field, false stops. */
export function checkUsernameFirst(options: Parameters<typeof usernameRefusal>[1]) {
  return async (data: { username: string }, { form, setSubmitting }: UsernameFormControls) => {
    setSubmitting(true);
    const refusal = await usernameRefusal(data.username, options);
    setSubmitting(false);
    if (refusal) form.setFieldError("username", refusal);
    return refusal === null;
  };
}

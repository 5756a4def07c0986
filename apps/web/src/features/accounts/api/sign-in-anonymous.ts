import { type GuestInput, HUMAN_VERIFICATION_MESSAGES } from "@heartline/shared";

export const ANONYMOUS_SIGN_IN_ENDPOINT = "/api/auth/sign-in/anonymous";

export type GuestSignInResult = { ok: true } | { ok: false; message: string };

/** The server's error text: our `{ error: { message } }` shape or Better Auth's `{ message }`. */
function errorMessageFrom(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const { error, message } = body as { error?: { message?: unknown }; message?: unknown };
  if (typeof error?.message === "string" && error.message) return error.message;
  if (typeof message === "string" && message) return message;
  return null;
}

/**
 * Creates the guest account (spec §4 Guest flow). On failure the server's message is shown, otherwise
 * 'Failed to create guest account' (spec §8).
 */
export async function signInAnonymous(input: GuestInput, baseUrl = ""): Promise<GuestSignInResult> {
  const fallback = HUMAN_VERIFICATION_MESSAGES.guestCreationFailed;
  try {
    const response = await fetch(`${baseUrl}${ANONYMOUS_SIGN_IN_ENDPOINT}`, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(input),
    });
    if (response.ok) return { ok: true };
    const body: unknown = await response.json().catch(() => null);
    return { ok: false, message: errorMessageFrom(body) ?? fallback };
  } catch {
    return { ok: false, message: fallback };
  }
}

// No zod here: the web's landing page imports this before any schema is built (its CSP forbids eval).

/**
 * Where the verification link lands (ADR 0017). `verified`: the address is proven and this browser, the
 * one that signed up, is signed in (Congratulations). `passwordCleared`: the address is proven from a
 * browser that did not sign up (or it is an `ADMIN_EMAILS` address): every session and the password
 * were ended, and a reset link was mailed. `invalid`: a link that is malformed, expired or replaced.
 */
export const VERIFICATION_LANDINGS = {
  verified: "/?verified=1",
  passwordCleared: "/?verified=set-password",
  invalid: "/?verified=1&error=INVALID_TOKEN",
} as const;

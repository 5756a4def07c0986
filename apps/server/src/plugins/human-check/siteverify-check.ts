import { createHash } from "node:crypto";
import { HUMAN_VERIFICATION_MESSAGES } from "@heartline/shared";
import { z } from "zod";
import { AppError } from "../../errors/app-error";
import type { ReplayStore } from "./replay-store";

/** The providers' documented verification endpoints (form-encoded POST, JSON answer). */
export const SITEVERIFY_URLS = {
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  recaptcha: "https://www.google.com/recaptcha/api/siteverify",
} as const;

const SITEVERIFY_TIMEOUT_MS = 10_000;
/** Both providers' tokens are valid for at most a few minutes; remember them a little longer. */
const TOKEN_TTL_MS = 10 * 60_000;

const answerSchema = z.object({ success: z.boolean() }).loose();

export interface SiteverifyOptions {
  provider: "turnstile" | "recaptcha";
  secretKey: string;
  replays: ReplayStore;
  /** Tests point this at a local fake; production uses `SITEVERIFY_URLS`. */
  url?: string;
}

/** Turnstile or reCAPTCHA (selectable by config, ARCHITECTURE §2), verified with the provider. */
export function createSiteverifyCheck(options: SiteverifyOptions) {
  const url = options.url ?? SITEVERIFY_URLS[options.provider];
  return {
    async verify(token: string, remoteIp: string): Promise<void> {
      const body = new URLSearchParams({ secret: options.secretKey, response: token, remoteip: remoteIp });
      let success = false;
      try {
        const response = await fetch(url, {
          method: "POST",
          body,
          signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
        });
        const parsed = answerSchema.safeParse(await response.json());
        success = parsed.success && parsed.data.success;
      } catch {
        // The provider unreachable: the visitor sees the generic text and may retry (spec §8).
        throw new AppError("bad_request", HUMAN_VERIFICATION_MESSAGES.genericFailure);
      }
      if (!success) throw new AppError("bad_request", HUMAN_VERIFICATION_MESSAGES.failed);
      const key = createHash("sha256").update(token).digest("base64url");
      if (!(await options.replays.claim(`${options.provider}:${key}`, TOKEN_TTL_MS))) {
        throw new AppError("bad_request", HUMAN_VERIFICATION_MESSAGES.failed);
      }
    },
  };
}

import { createHmac } from "node:crypto";
import { HUMAN_VERIFICATION_MESSAGES } from "@heartline/shared";
import { type Challenge, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { z } from "zod";
import { AppError } from "../../errors/app-error";
import type { ReplayStore } from "./replay-store";

/** ARCHITECTURE §2: self-hosted ALTCHA proof of work (altcha-lib v2, PBKDF2/SHA-256). */
export const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";
/** A challenge must be solved and submitted within this time. */
export const ALTCHA_CHALLENGE_TTL_MS = 5 * 60_000;

export const ALTCHA_MESSAGES = {
  expired: "The verification has expired. Please try again.",
  replayed: "This verification has already been used. Please try again.",
} as const;

export interface AltchaOptions {
  authSecret: string;
  cost: number;
  maxCounter: number;
  replays: ReplayStore;
}

/** The widget posts base64(JSON { challenge, solution }); only the shape is trusted here, the HMAC decides. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(ALTCHA_ALGORITHM),
        nonce: z.string().regex(/^[0-9a-f]{2,128}$/i),
        salt: z.string().regex(/^[0-9a-f]{2,128}$/i),
        cost: z.number().int().positive(),
        keyLength: z.number().int().positive().max(64),
        keyPrefix: z.string().regex(/^[0-9a-f]{1,128}$/i),
      })
      .loose(),
    signature: z.string().min(1).max(512),
  }),
  solution: z
    .object({ counter: z.number().int().nonnegative().max(0xffffffff), derivedKey: z.string().max(256) })
    .loose(),
});

export function createAltchaCheck(options: AltchaOptions) {
  // Keys derived from AUTH_SECRET, distinct per purpose, so no new secret needs configuring.
  const signatureSecret = derive(options.authSecret, "altcha-signature");
  const keySignatureSecret = derive(options.authSecret, "altcha-key-signature");
  const minCounter = Math.max(0, Math.ceil(options.maxCounter / 2));

  return {
    async challenge(): Promise<Challenge> {
      return createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: options.cost,
        counter: randomInt(options.maxCounter, minCounter),
        deriveKey,
        expiresAt: new Date(Date.now() + ALTCHA_CHALLENGE_TTL_MS),
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
      });
    },

    /** Throws `AppError` with the reason; refuses a solution already used once (replay). */
    async verify(token: string): Promise<void> {
      const payload = parsePayload(token);
      if (!payload) throw new AppError("bad_request", HUMAN_CHECK_FAILED);
      const result = await verifySolution({
        challenge: payload.challenge as Challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
      }).catch(() => null);
      if (result?.expired) throw new AppError("bad_request", ALTCHA_MESSAGES.expired);
      if (!result?.verified) throw new AppError("bad_request", HUMAN_CHECK_FAILED);
      // Recorded only after verification, so forged payloads cannot fill the store.
      const isFirstUse = await options.replays.claim(
        `altcha:${payload.challenge.signature}`,
        ALTCHA_CHALLENGE_TTL_MS,
      );
      if (!isFirstUse) throw new AppError("bad_request", ALTCHA_MESSAGES.replayed);
    },
  };
}

export type AltchaCheck = ReturnType<typeof createAltchaCheck>;

/** spec §8 'Verification failed. Please try again.' */
const HUMAN_CHECK_FAILED = HUMAN_VERIFICATION_MESSAGES.failed;

function parsePayload(token: string) {
  try {
    const json: unknown = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function derive(secret: string, purpose: string): string {
  return createHmac("sha256", secret).update(`heartline:${purpose}`).digest("hex");
}

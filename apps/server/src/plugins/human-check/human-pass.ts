import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readCookie } from "../../lib/read-cookie";
import type { ReplayStore } from "./replay-store";

/**
 * After a passed human check the server sets a short-lived, signed, HttpOnly cookie: the "human pass"
 * (issue #3). Guest, sign-in and sign-up each consume one; a pass works once.
 * Value: `<nonce>.<expiresAtMs>.<base64url HMAC-SHA256>`.
 */
export const HUMAN_PASS_COOKIE = "heartline.human_pass";
export const HUMAN_PASS_TTL_MS = 5 * 60_000;
/** Only the routes that need it receive the cookie. */
export const HUMAN_PASS_COOKIE_PATH = "/api/accounts";

export interface HumanPassOptions {
  authSecret: string;
  replays: ReplayStore;
  /** Adds `Secure` when the site is served over https. */
  isSecure: boolean;
  clock?: () => number;
}

export function createHumanPass(options: HumanPassOptions) {
  const clock = options.clock ?? Date.now;
  const key = createHmac("sha256", options.authSecret).update("heartline:human-pass").digest();
  const sign = (body: string) => createHmac("sha256", key).update(body).digest("base64url");
  const attributes = `Path=${HUMAN_PASS_COOKIE_PATH}; HttpOnly; SameSite=Strict${options.isSecure ? "; Secure" : ""}`;

  return {
    /** The Set-Cookie header of a fresh pass. */
    issue(): string {
      const body = `${randomBytes(16).toString("base64url")}.${clock() + HUMAN_PASS_TTL_MS}`;
      const maxAge = Math.floor(HUMAN_PASS_TTL_MS / 1000);
      return `${HUMAN_PASS_COOKIE}=${body}.${sign(body)}; Max-Age=${maxAge}; ${attributes}`;
    },

    /** The Set-Cookie header that removes the pass from the browser. */
    clear(): string {
      return `${HUMAN_PASS_COOKIE}=; Max-Age=0; ${attributes}`;
    },

    /** True once for a valid, unexpired pass; false when missing, forged, expired or already used. */
    async consume(cookieHeader: string | undefined): Promise<boolean> {
      const value = readCookie(cookieHeader, HUMAN_PASS_COOKIE);
      if (!value) return false;
      const [nonce, expiresAt, signature, ...rest] = value.split(".");
      if (rest.length > 0 || !nonce || !expiresAt || !signature || !/^\d{1,15}$/.test(expiresAt))
        return false;
      const expected = Buffer.from(sign(`${nonce}.${expiresAt}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      const remaining = Number(expiresAt) - clock();
      if (remaining <= 0) return false;
      return options.replays.claim(`pass:${nonce}`, remaining);
    },
  };
}

export type HumanPass = ReturnType<typeof createHumanPass>;

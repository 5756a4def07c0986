import { createHmac, timingSafeEqual } from "node:crypto";
import { VISITOR_ID_LENGTH } from "../../auth/visitor-id";

/**
 * A visitor keeps their server-issued id across reconnects and reloads by presenting
 * `<id>.<base64url HMAC-SHA256(authSecret, id)>` at the handshake (ARCHITECTURE §5: identity comes
 * from the server). Without the secret nobody can make a token for an id they were not given.
 *
 * Once the visitor confirmed 18+ for random chat (issue 14) the token is `<id>.18.<signature>`, the
 * signature covering the confirmation too: a plain token cannot be turned into a confirmed one.
 * Plain tokens issued before stay valid (unconfirmed).
 */

const VISITOR_ID_PATTERN = new RegExp(`^[A-Za-z0-9]{${VISITOR_ID_LENGTH}}$`);
/** base64url of a 32-byte digest, without padding. */
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const ADULT_MARK = "18";

export interface VisitorClaims {
  isAdultConfirmed: boolean;
}

export interface VisitorTokenContent extends VisitorClaims {
  visitorId: string;
}

export function signVisitorToken(
  visitorId: string,
  secret: string,
  claims: VisitorClaims = { isAdultConfirmed: false },
): string {
  const mark = claims.isAdultConfirmed ? `${ADULT_MARK}.` : "";
  return `${visitorId}.${mark}${signature(visitorId, claims, secret)}`;
}

/** The visitor id and claims a token was issued with, or null when malformed or not signed by us. */
export function readVisitorToken(token: unknown, secret: string): VisitorTokenContent | null {
  if (typeof token !== "string" || token.length > 128) return null;
  const parts = token.split(".");
  if (parts.length !== 2 && parts.length !== 3) return null;
  const [visitorId, middle, last] = parts;
  if (visitorId === undefined || middle === undefined) return null;
  if (last !== undefined && middle !== ADULT_MARK) return null;
  const given = last ?? middle;
  if (!VISITOR_ID_PATTERN.test(visitorId) || !SIGNATURE_PATTERN.test(given)) return null;
  const claims = { isAdultConfirmed: last !== undefined };
  const expected = Buffer.from(signature(visitorId, claims, secret), "base64url");
  const actual = Buffer.from(given, "base64url");
  return actual.length === expected.length && timingSafeEqual(actual, expected)
    ? { visitorId, ...claims }
    : null;
}

/** The visitor id a token was issued for, or null when it is malformed or not signed by us. */
export function verifyVisitorToken(token: unknown, secret: string): string | null {
  return readVisitorToken(token, secret)?.visitorId ?? null;
}

function signature(visitorId: string, claims: VisitorClaims, secret: string): string {
  const subject = claims.isAdultConfirmed ? `visitor:${visitorId}:adult` : `visitor:${visitorId}`;
  return createHmac("sha256", secret).update(subject).digest("base64url");
}

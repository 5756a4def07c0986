import { createHmac, timingSafeEqual } from "node:crypto";
import { VISITOR_ID_LENGTH } from "../../auth/visitor-id";

/**
 * A visitor keeps their server-issued id across reconnects and reloads by presenting
 * `<id>.<base64url HMAC-SHA256(authSecret, id)>` at the handshake (ARCHITECTURE §5: identity comes
 * from the server). Without the secret nobody can make a token for an id they were not given.
 */

const VISITOR_ID_PATTERN = new RegExp(`^[A-Za-z0-9]{${VISITOR_ID_LENGTH}}$`);
/** base64url of a 32-byte digest, without padding. */
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function signVisitorToken(visitorId: string, secret: string): string {
  return `${visitorId}.${signature(visitorId, secret)}`;
}

/** The visitor id a token was issued for, or null when it is malformed or not signed by us. */
export function verifyVisitorToken(token: unknown, secret: string): string | null {
  if (typeof token !== "string" || token.length > 128) return null;
  const [visitorId, given, ...rest] = token.split(".");
  if (rest.length > 0 || visitorId === undefined || given === undefined) return null;
  if (!VISITOR_ID_PATTERN.test(visitorId) || !SIGNATURE_PATTERN.test(given)) return null;
  const expected = Buffer.from(signature(visitorId, secret), "base64url");
  const actual = Buffer.from(given, "base64url");
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? visitorId : null;
}

function signature(visitorId: string, secret: string): string {
  return createHmac("sha256", secret).update(`visitor:${visitorId}`).digest("base64url");
}

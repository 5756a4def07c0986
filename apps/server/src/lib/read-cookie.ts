import { parseCookie } from "cookie";

/** A Cookie header longer than this is not read (browsers send well under it; 16 KB is the usual cap). */
export const MAX_COOKIE_HEADER_LENGTH = 16_384;
/** Values are taken as sent: ours are never percent-encoded, so none is decoded. */
const AS_SENT = { decode: (value: string) => value };

/**
 * The value of the cookie `name` in a Cookie header, read by the `cookie` package (the parser of
 * Express and `@fastify/cookie`). When the name is repeated the first one counts: browsers send the
 * cookie of the longest path first (RFC 6265 §5.4), so a same-named cookie planted for a parent path or
 * domain (another subdomain's page, a network attacker's plain-http response) comes after ours and does
 * not replace it.
 */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header || header.length > MAX_COOKIE_HEADER_LENGTH) return null;
  return parseCookie(header, AS_SENT)[name] ?? null;
}

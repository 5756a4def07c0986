import type { FastifyRequest } from "fastify";

/**
 * A browser POST must carry the Origin of one of our pages (or of the very host it talks to), as
 * Better Auth requires for its own routes; a missing Origin is refused too (CSRF, ARCHITECTURE §9.4).
 */
export function isTrustedOrigin(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== "string") return false;
  if (allowedOrigins.includes(origin)) return true;
  return URL.canParse(origin) && new URL(origin).host === request.headers.host;
}

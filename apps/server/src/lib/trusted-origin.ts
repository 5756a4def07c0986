import type { FastifyRequest } from "fastify";

/**
 * An Origin is ours when it is one of the allowed origins, or the very host the request went to (a
 * same-origin page of a server started on another port).
 */
export function isOwnOrigin(
  origin: string,
  host: string | undefined,
  allowedOrigins: readonly string[],
): boolean {
  if (allowedOrigins.includes(origin)) return true;
  return URL.canParse(origin) && new URL(origin).host === host;
}

/**
 * A browser POST must carry the Origin of one of our pages, as Better Auth requires for its own routes;
 * a missing Origin is refused too (CSRF, ARCHITECTURE §9.4).
 */
export function isTrustedOrigin(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  return typeof origin === "string" && isOwnOrigin(origin, request.headers.host, allowedOrigins);
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF defence for every cookie-authenticated write under /api (Better Auth checks its own routes):
 * a foreign Origin is refused, and so is a request carrying cookies without any Origin. Cookie-less
 * calls without an Origin (health probes, scripts) act as nobody and pass.
 */
export function isForgedWrite(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  // The routed path, not the raw URL: `/%61pi/…` reaches the same handler as `/api/…` (issue #10).
  // A request that routes nowhere is answered 404 and changes nothing.
  const routed = request.routeOptions.url;
  if (!WRITE_METHODS.has(request.method) || routed === undefined || !routed.startsWith("/api/")) return false;
  if (routed.startsWith("/api/auth/")) return false;
  const origin = request.headers.origin;
  if (typeof origin === "string") return !isOwnOrigin(origin, request.headers.host, allowedOrigins);
  return request.headers.cookie !== undefined;
}

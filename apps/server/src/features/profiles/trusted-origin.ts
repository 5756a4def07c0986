import type { FastifyRequest } from "fastify";
import { AppError } from "../../errors/app-error";

/**
 * CSRF defence for cookie-authenticated writes, the same rule Better Auth applies to its own routes:
 * a browser sends `Origin` on every POST/PATCH/DELETE, and it must be one of ours. SameSite=Lax
 * cookies already stop most cross-site writes; this also covers same-site sibling hosts.
 */
export function assertTrustedOrigin(request: FastifyRequest, allowedOrigins: readonly string[]): void {
  const origin = request.headers.origin;
  if (typeof origin !== "string" || !allowedOrigins.includes(origin)) {
    throw new AppError("forbidden", "This request must come from the Heartline site.");
  }
}

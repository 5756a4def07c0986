import type { FastifyReply } from "fastify";

/** Copies Better Auth's Set-Cookie headers (session cookies) onto our reply, one header each. */
export function forwardCookies(
  reply: FastifyReply,
  headers: Headers | null | undefined,
  extra: string[] = [],
): void {
  const cookies = [...(headers?.getSetCookie() ?? []), ...extra];
  if (cookies.length > 0) reply.header("set-cookie", cookies);
}

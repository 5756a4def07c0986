import type { FastifyReply } from "fastify";
import type { Auth } from "../../auth/create-auth";

/**
 * Expires Better Auth's cookies in the response (spec §4 deletion "clears the session"), with the
 * names and attributes Better Auth itself uses (the `__Secure-` prefix on https).
 */
export async function clearSessionCookies(auth: Auth, reply: FastifyReply): Promise<void> {
  const { authCookies } = await auth.$context;
  const cookies = Object.values(authCookies).map(({ name, attributes }) =>
    [
      `${name}=`,
      "Max-Age=0",
      `Path=${attributes.path ?? "/"}`,
      ...(attributes.domain ? [`Domain=${attributes.domain}`] : []),
      ...(attributes.secure ? ["Secure"] : []),
      "HttpOnly",
      "SameSite=Lax",
    ].join("; "),
  );
  reply.header("set-cookie", cookies);
}

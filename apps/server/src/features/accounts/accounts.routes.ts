import {
  ACCOUNT_PATHS,
  AUTH_ERROR_MESSAGES,
  changePasswordSchema,
  forgotPasswordSchema,
  guestSchema,
  RESEND_VERIFICATION_MESSAGES,
  resetPasswordSchema,
  SERVER_MESSAGES,
  signInSchema,
  signUpSchema,
} from "@heartline/shared";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import { isTrustedOrigin } from "../../lib/trusted-origin";
import { createAccountLimiters } from "./account-limits";
import { toAccountUser } from "./account-user";
import { createGuest } from "./create-guest";
import { readCurrentSession, requireSession } from "./current-session";
import { toFetchHeaders } from "./fetch-headers";
import { forgotPassword } from "./forgot-password";
import { forwardCookies } from "./forward-headers";
import { resendVerification } from "./resend-verification";
import { changePassword, resetPassword } from "./reset-password";
import { disconnectOtherSessions } from "./session-sockets";
import { signIn } from "./sign-in";
import { signOut, signOutEverywhere } from "./sign-out";
import { signUp } from "./sign-up";

/**
 * The accounts HTTP contract (`packages/shared/src/api/accounts.ts`, spec §4 Authentication).
 * Each route parses its body with the shared schema and hands it to one use case.
 */
export const accountsRoutes: FastifyPluginAsync = async (app) => {
  const limiters = createAccountLimiters(app.redis, app.config.authRateLimitScale);
  const tooMany = AUTH_ERROR_MESSAGES["too-many-requests"];
  const body = (request: FastifyRequest) => request.body ?? {};
  const headersOf = (request: FastifyRequest) => toFetchHeaders(request.headers);
  const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");

  // Like Better Auth's own routes: a state-changing request must come from one of our pages (CSRF).
  app.addHook("preHandler", async (request) => {
    if (request.method === "POST" && !isTrustedOrigin(request, app.config.allowedOrigins)) {
      throw new AppError("forbidden", SERVER_MESSAGES.untrustedOrigin);
    }
  });

  app.get(ACCOUNT_PATHS.me, async (request, reply) => {
    noStore(reply);
    const session = await readCurrentSession(app, request);
    return { user: session ? toAccountUser(session.user) : null };
  });

  app.post(ACCOUNT_PATHS.guest, async (request, reply) => {
    const input = guestSchema.parse(body(request));
    await app.humanCheck.requirePass(request);
    await consumeOrThrow(limiters.guestPerIp, request.ip);
    const result = await createGuest(app, input, headersOf(request));
    forwardCookies(reply, result.headers, [app.humanCheck.pass.clear()]);
    noStore(reply);
    return { user: result.user };
  });

  app.post(ACCOUNT_PATHS.signIn, async (request, reply) => {
    const input = signInSchema.parse(body(request));
    await app.humanCheck.requirePass(request);
    await consumeOrThrow(limiters.signInPerIp, request.ip, tooMany);
    const result = await signIn(app, limiters, input, headersOf(request));
    forwardCookies(reply, result.headers, [app.humanCheck.pass.clear()]);
    noStore(reply);
    return { user: result.user };
  });

  app.post(ACCOUNT_PATHS.signUp, async (request, reply) => {
    const input = signUpSchema.parse(body(request));
    await app.humanCheck.requirePass(request);
    await consumeOrThrow(limiters.signUpPerIp, request.ip, tooMany);
    const session = await readCurrentSession(app, request);
    const outcome = await signUp(app, input, session, headersOf(request));
    forwardCookies(reply, outcome.headers, [app.humanCheck.pass.clear()]);
    noStore(reply);
    return outcome.result;
  });

  app.post(ACCOUNT_PATHS.resendVerification, async (request) => {
    const session = await requireSession(app, request, RESEND_VERIFICATION_MESSAGES.sessionExpired);
    await resendVerification(app, limiters, session, request.ip);
    return { ok: true as const };
  });

  app.post(ACCOUNT_PATHS.forgotPassword, async (request) => {
    const input = forgotPasswordSchema.parse(body(request));
    return forgotPassword(app, limiters, input, request.ip);
  });

  app.post(ACCOUNT_PATHS.resetPassword, async (request) => {
    const input = resetPasswordSchema.parse(body(request));
    await resetPassword(app, limiters, input, request.ip);
    return { ok: true as const };
  });

  app.post(ACCOUNT_PATHS.changePassword, async (request, reply) => {
    const session = await requireSession(app, request);
    const input = changePasswordSchema.parse(body(request));
    const headers = await changePassword(app, limiters, session, input, headersOf(request));
    forwardCookies(reply, headers);
    if (input.revokeOtherSessions) await disconnectOtherSessions(app.io, session.user.id, session.sessionId);
    return { ok: true as const };
  });

  app.post(ACCOUNT_PATHS.signOut, async (request, reply) => {
    const session = await readCurrentSession(app, request);
    forwardCookies(reply, await signOut(app, session, headersOf(request)));
    return { ok: true as const };
  });

  app.post(ACCOUNT_PATHS.signOutEverywhere, async (request, reply) => {
    const session = await requireSession(app, request);
    forwardCookies(reply, await signOutEverywhere(app, session, headersOf(request)));
    return { ok: true as const };
  });
};

import {
  ACCOUNT_PATHS,
  AUTH_ERROR_MESSAGES,
  changePasswordSchema,
  forgotPasswordSchema,
  GROUP_CHAT_MESSAGES,
  guestSchema,
  RESEND_VERIFICATION_MESSAGES,
  resetPasswordSchema,
  SERVER_MESSAGES,
  signInSchema,
  signUpSchema,
  VERIFICATION_LANDINGS,
  verifyEmailQuerySchema,
} from "@heartline/shared";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../errors/app-error";
import { toFetchHeaders } from "../../lib/fetch-headers";
import { consumeOrThrow } from "../../lib/rate-limiter";
import { isTrustedOrigin } from "../../lib/trusted-origin";
import { deviceIdFromCookie } from "../../plugins/device-id";
import type { HumanCheck } from "../../plugins/human-check/human-check";
import { toAccountUser } from "./account-user";
import type { AccountsDeps } from "./accounts-deps";
import { createBackgroundWork } from "./background-work";
import { createGuest } from "./create-guest";
import { forgotPassword } from "./forgot-password";
import { forwardCookies } from "./forward-headers";
import { resendVerification } from "./resend-verification";
import { changePassword, resetPassword } from "./reset-password";
import { type SessionGuards, sessionOf } from "./session-guards";
import { signIn } from "./sign-in";
import { signOut, signOutEverywhere } from "./sign-out";
import { signUp } from "./sign-up";
import { type VerificationOutcome, verifyEmail } from "./verify-email";

/** Where each outcome of the e-mailed link lands (the web reads `verified`, ADR 0017). */
const LANDING: Record<VerificationOutcome, string> = {
  kept: VERIFICATION_LANDINGS.verified,
  already: VERIFICATION_LANDINGS.verified,
  "password-cleared": VERIFICATION_LANDINGS.passwordCleared,
  invalid: VERIFICATION_LANDINGS.invalid,
};

export interface AccountsRoutesOptions {
  deps: AccountsDeps;
  guards: SessionGuards;
  humanCheck: HumanCheck;
}

/**
 * The accounts HTTP contract (`packages/shared/src/api/accounts.ts`, spec §4 Authentication).
 * Each route parses its body with the shared schema and hands it to one use case.
 */
export function accountsRoutes({ deps, guards, humanCheck }: AccountsRoutesOptions): FastifyPluginAsync {
  return async (app) => {
    const { limiters } = deps;
    const tooMany = AUTH_ERROR_MESSAGES["too-many-requests"];
    const body = (request: FastifyRequest) => request.body ?? {};
    const headersOf = (request: FastifyRequest) => toFetchHeaders(request.headers);
    const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");
    const signedIn = { preHandler: guards.requireUser() };
    // Work done after answering (forgot-password); closing the app waits for it.
    const background = createBackgroundWork(deps.log);
    app.addHook("onClose", () => background.drain());

    // Like Better Auth's own routes: a state-changing request must come from one of our pages (CSRF).
    app.addHook("preHandler", async (request) => {
      if (request.method === "POST" && !isTrustedOrigin(request, deps.config.allowedOrigins)) {
        throw new AppError("forbidden", SERVER_MESSAGES.untrustedOrigin);
      }
    });

    app.get(ACCOUNT_PATHS.me, async (request, reply) => {
      noStore(reply);
      const session = await guards.readSession(request);
      return { user: session ? toAccountUser(session.user) : null };
    });

    app.post(ACCOUNT_PATHS.guest, async (request, reply) => {
      const input = guestSchema.parse(body(request));
      // Issue #38: a banned browser is refused before anything is created, with the ban's text.
      const deviceId = deviceIdFromCookie(request.headers.cookie);
      if (deviceId && (await deps.isBrowserBanned(deviceId))) {
        throw new AppError("forbidden", GROUP_CHAT_MESSAGES.banned);
      }
      await humanCheck.requirePass(request);
      await consumeOrThrow(limiters.guestPerIp, request.ip);
      const result = await createGuest({ deps, input, requestHeaders: headersOf(request) });
      forwardCookies(reply, result.headers, [humanCheck.pass.clear()]);
      noStore(reply);
      return { user: result.user };
    });

    app.post(ACCOUNT_PATHS.signIn, async (request, reply) => {
      const input = signInSchema.parse(body(request));
      await humanCheck.requirePass(request);
      await consumeOrThrow(limiters.signInPerIp, request.ip, tooMany);
      const result = await signIn({ deps, input, requestHeaders: headersOf(request), ip: request.ip });
      forwardCookies(reply, result.headers, [humanCheck.pass.clear()]);
      noStore(reply);
      return { user: result.user };
    });

    app.post(ACCOUNT_PATHS.signUp, async (request, reply) => {
      const input = signUpSchema.parse(body(request));
      await humanCheck.requirePass(request);
      await consumeOrThrow(limiters.signUpPerIp, request.ip, tooMany);
      const session = await guards.readSession(request);
      const outcome = await signUp({ deps, input, session, requestHeaders: headersOf(request) });
      forwardCookies(reply, outcome.headers, [humanCheck.pass.clear()]);
      noStore(reply);
      return outcome.result;
    });

    // The e-mailed link: a browser follows it, so every answer but the limit is a redirect to a page.
    app.get(ACCOUNT_PATHS.verifyEmail, async (request, reply) => {
      noStore(reply);
      await consumeOrThrow(limiters.verifyPerIp, request.ip, tooMany);
      const query = verifyEmailQuerySchema.safeParse(request.query);
      if (!query.success) return reply.redirect(LANDING.invalid);
      const clicking = await guards.readSession(request);
      const outcome = await verifyEmail({ deps, token: query.data.token, clicking });
      return reply.redirect(LANDING[outcome]);
    });

    app.post(
      ACCOUNT_PATHS.resendVerification,
      { preHandler: guards.requireUser({ message: RESEND_VERIFICATION_MESSAGES.sessionExpired }) },
      async (request) => {
        await resendVerification({ deps, session: sessionOf(request), ip: request.ip });
        return { ok: true as const };
      },
    );

    app.post(ACCOUNT_PATHS.forgotPassword, async (request) => {
      const input = forgotPasswordSchema.parse(body(request));
      return forgotPassword({ deps, input, ip: request.ip, background });
    });

    app.post(ACCOUNT_PATHS.resetPassword, async (request) => {
      const input = resetPasswordSchema.parse(body(request));
      await resetPassword({ deps, input, ip: request.ip });
      return { ok: true as const };
    });

    app.post(ACCOUNT_PATHS.changePassword, signedIn, async (request) => {
      const input = changePasswordSchema.parse(body(request));
      await changePassword({ deps, session: sessionOf(request), input, headers: headersOf(request) });
      return { ok: true as const };
    });

    app.post(ACCOUNT_PATHS.signOut, async (request, reply) => {
      const session = await guards.readSession(request);
      forwardCookies(reply, await signOut({ deps, session, headers: headersOf(request) }));
      return { ok: true as const };
    });

    app.post(ACCOUNT_PATHS.signOutEverywhere, signedIn, async (request, reply) => {
      const session = sessionOf(request);
      forwardCookies(reply, await signOutEverywhere({ deps, session, headers: headersOf(request) }));
      return { ok: true as const };
    });
  };
}

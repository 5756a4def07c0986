import {
  ACCOUNT_PATHS,
  HUMAN_VERIFICATION_MESSAGES,
  SERVER_MESSAGES,
  verifyHumanSchema,
} from "@heartline/shared";
import type { FastifyPluginAsync } from "fastify";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow, createRateLimiter, type RateLimit } from "../../lib/rate-limiter";

/**
 * Fresh ALTCHA challenges per client address: each is an HMAC and a random salt, cheap alone but
 * unlimited they are free work for anyone. A person opening a few modals needs a handful; scaled
 * like the account limits (`AUTH_RATE_LIMIT_SCALE`), counted in Redis when there is one.
 */
export const CHALLENGE_LIMIT = { points: 30, durationSeconds: 60 } as const satisfies RateLimit;

/**
 * The human check's HTTP side (ARCHITECTURE §6): the configured provider, fresh ALTCHA challenges,
 * and `POST /api/verify-recaptcha {token}` (the spec's name, spec §7) which sets the human pass.
 */
export const humanCheckRoutes: FastifyPluginAsync = async (app) => {
  const challengesPerIp = createRateLimiter({
    redis: app.redis,
    name: "human-check:challenge-ip",
    ...CHALLENGE_LIMIT,
    points: CHALLENGE_LIMIT.points * app.config.authRateLimitScale,
  });

  app.get(ACCOUNT_PATHS.humanCheckConfig, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return app.humanCheck.publicConfig;
  });

  app.get(ACCOUNT_PATHS.humanCheckChallenge, async (request, reply) => {
    const altcha = app.humanCheck.altcha;
    if (!altcha) throw new AppError("not_found", SERVER_MESSAGES.altchaNotConfigured);
    await consumeOrThrow(challengesPerIp, request.ip, HUMAN_VERIFICATION_MESSAGES.tooManyChallenges);
    reply.header("cache-control", "no-store");
    return altcha.challenge();
  });

  app.post(ACCOUNT_PATHS.verifyHuman, async (request, reply) => {
    const parsed = verifyHumanSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new AppError("bad_request", HUMAN_VERIFICATION_MESSAGES.failed);
    await app.humanCheck.verify(parsed.data.token, request.ip);
    reply.header("set-cookie", app.humanCheck.pass.issue());
    reply.header("cache-control", "no-store");
    return { ok: true as const };
  });
};

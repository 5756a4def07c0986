import {
  ACCOUNT_PATHS,
  HUMAN_VERIFICATION_MESSAGES,
  SERVER_MESSAGES,
  verifyHumanSchema,
} from "@heartline/shared";
import type { FastifyPluginAsync } from "fastify";
import { AppError } from "../../errors/app-error";

/**
 * The human check's HTTP side (ARCHITECTURE §6): the configured provider, fresh ALTCHA challenges,
 * and `POST /api/verify-recaptcha {token}` (the spec's name, spec §7) which sets the human pass.
 */
export const humanCheckRoutes: FastifyPluginAsync = async (app) => {
  app.get(ACCOUNT_PATHS.humanCheckConfig, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return app.humanCheck.publicConfig;
  });

  app.get(ACCOUNT_PATHS.humanCheckChallenge, async (_request, reply) => {
    const altcha = app.humanCheck.altcha;
    if (!altcha) throw new AppError("not_found", SERVER_MESSAGES.altchaNotConfigured);
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

import { automodReviewSchema, createAutomodRuleSchema, idParamSchema } from "@heartline/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deviceIdFromCookie } from "../../plugins/device-id";
import { type SessionGuards, sessionOf } from "../accounts/index";
import { allowFlaggedImage } from "./allow-image";
import type { AutomodDeps } from "./automod-deps";
import { requestReview } from "./review-request";
import { addRule, removeRule } from "./rule-store";

export interface AutomodRoutesOptions {
  deps: AutomodDeps;
  guards: SessionGuards;
}

/**
 * `/api/admin/automod/rules` (admins: the role is read from the database before anything else, like
 * every `/api/admin/*`) and `/api/automod/reviews` (anyone signed in, for their own blocked message).
 */
export function automodRoutes({ deps, guards }: AutomodRoutesOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const adminRoutes: FastifyPluginAsyncZod = async (admin) => {
      admin.addHook("onRequest", guards.requireAdmin);
      admin.get("/api/admin/automod/rules", async () => ({ rules: deps.rules().rules }));
      admin.post(
        "/api/admin/automod/rules",
        { schema: { body: createAutomodRuleSchema } },
        async (request, reply) => {
          const rule = await addRule({
            db: deps.db,
            adminId: sessionOf(request).user.id,
            input: request.body,
          });
          await deps.rulesChanged();
          return reply.status(201).send({ rule });
        },
      );
      admin.delete("/api/admin/automod/rules/:id", { schema: { params: idParamSchema } }, async (request) => {
        const result = await removeRule(deps.db, request.params.id);
        if (result.removed) await deps.rulesChanged();
        return result;
      });
      admin.post(
        "/api/admin/automod/flags/:id/allow-image",
        { schema: { params: idParamSchema } },
        async (request) => allowFlaggedImage(deps, request.params.id),
      );
    };
    await app.register(adminRoutes);
    app.post(
      "/api/automod/reviews",
      { preHandler: guards.requireUser(), schema: { body: automodReviewSchema } },
      async (request, reply) => {
        const result = await requestReview({
          deps,
          userId: sessionOf(request).user.id,
          input: request.body,
          deviceId: deviceIdFromCookie(request.headers.cookie),
          ip: request.ip,
        });
        return reply.status(201).send(result);
      },
    );
  };
}

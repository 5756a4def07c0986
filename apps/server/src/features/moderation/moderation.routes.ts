import {
  banUserSchema,
  createReportSchema,
  idParamSchema,
  type ModerationMe,
  muteUserSchema,
  reportActionSchema,
  reportListQuerySchema,
  reportTargetQuerySchema,
  userIdParamSchema,
  usernameParamSchema,
} from "@heartline/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deviceIdFromCookie } from "../../plugins/device-id";
import { hasAdminRole, type SessionGuards, sessionOf } from "../accounts/index";
import { banUser, listBans } from "./ban-user";
import { createReport } from "./create-report";
import { findMute, isBanned } from "./moderation-checks";
import type { ModerationDeps } from "./moderation-deps";
import { listMutesForAdmin, muteUser, unmuteUser } from "./mute-user";
import { listReportTargets } from "./report-queue";
import { actOnReport, dismissReport, listReports } from "./resolve-report";
import { unbanUser } from "./unban-user";

export interface ModerationRoutesOptions {
  deps: ModerationDeps;
  guards: SessionGuards;
}

/** `GET /api/moderation/me` and `POST /api/reports` (signed-in users). */
export function moderationRoutes({ deps, guards }: ModerationRoutesOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { preHandler: guards.requireUser() };

    app.get("/api/moderation/me", signedIn, async (request): Promise<ModerationMe> => {
      const me = sessionOf(request).user;
      const deviceId = deviceIdFromCookie(request.headers.cookie);
      const [banned, mute] = await Promise.all([
        isBanned(deps.db, { userId: me.id, deviceId }),
        findMute(deps.db, me.id),
      ]);
      return { banned, mute, isAdmin: hasAdminRole(me.role) };
    });

    app.post(
      "/api/reports",
      { ...signedIn, schema: { body: createReportSchema } },
      async (request, reply) => {
        const reporter = sessionOf(request).user;
        const result = await createReport({
          deps,
          reporter,
          input: request.body,
          deviceId: deviceIdFromCookie(request.headers.cookie),
          ip: request.ip,
        });
        return reply.status(201).send(result);
      },
    );
  };
}

/**
 * `/api/admin/*`: the caller's role is read from the database before anything else runs (even body
 * validation), so a non-admin learns nothing and changes nothing (ARCHITECTURE §9.4).
 */
export function adminRoutes({ deps, guards }: ModerationRoutesOptions): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", guards.requireAdmin);
    const adminOf = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user;

    app.get("/api/admin/bans", async () => ({ bans: await listBans(deps) }));
    app.post("/api/admin/bans", { schema: { body: banUserSchema } }, async (request) =>
      banUser({ deps, admin: adminOf(request), input: request.body }),
    );
    app.delete("/api/admin/bans/:username", { schema: { params: usernameParamSchema } }, async (request) =>
      unbanUser({ deps, admin: adminOf(request), target: { username: request.params.username } }),
    );
    app.delete("/api/admin/bans/by-id/:userId", { schema: { params: userIdParamSchema } }, async (request) =>
      unbanUser({ deps, admin: adminOf(request), target: { userId: request.params.userId } }),
    );

    app.get("/api/admin/mutes", async () => ({ mutes: await listMutesForAdmin(deps) }));
    app.post("/api/admin/mutes", { schema: { body: muteUserSchema } }, async (request) =>
      muteUser({ deps, admin: adminOf(request), input: request.body }),
    );
    app.delete("/api/admin/mutes/:userId", { schema: { params: userIdParamSchema } }, async (request) =>
      unmuteUser({ deps, admin: adminOf(request), userId: request.params.userId }),
    );

    app.get("/api/admin/reports", { schema: { querystring: reportListQuerySchema } }, async (request) => ({
      reports: await listReports({ deps, status: request.query.status }),
    }));
    app.get(
      "/api/admin/reports/targets",
      { schema: { querystring: reportTargetQuerySchema } },
      async (request) => listReportTargets({ deps, query: request.query }),
    );
    app.post("/api/admin/reports/:id/dismiss", { schema: { params: idParamSchema } }, async (request) => ({
      report: await dismissReport({ deps, id: request.params.id }),
    }));
    app.post(
      "/api/admin/reports/:id/action",
      { schema: { params: idParamSchema, body: reportActionSchema } },
      async (request) => ({
        report: await actOnReport({
          deps,
          admin: adminOf(request),
          id: request.params.id,
          input: request.body,
        }),
      }),
    );

    app.delete("/api/admin/group/messages/:id", { schema: { params: idParamSchema } }, async (request) => {
      const { id } = request.params;
      return /^[0-9a-f-]{36}$/i.test(id) ? deps.groupMessages.deleteForEveryone(id) : { deleted: false };
    });
  };
}

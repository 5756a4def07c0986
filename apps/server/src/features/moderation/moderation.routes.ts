import {
  banUserSchema,
  createReportSchema,
  idParamSchema,
  type ModerationMe,
  muteUserSchema,
  reportActionSchema,
  reportListQuerySchema,
  userIdParamSchema,
  usernameParamSchema,
} from "@heartline/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { banUser, listBans } from "./ban-user";
import { createReport } from "./create-report";
import { deleteGroupMessage } from "./delete-group-message";
import { deviceIdFromCookie } from "./device-id";
import { findMute, isBanned } from "./moderation-checks";
import {
  displayName,
  hasAdminRole,
  requireAdminRequest,
  requireRequestUser,
  type UserRow,
} from "./moderation-identity";
import { listMutesForAdmin, muteUser, unmuteUser } from "./mute-user";
import { actOnReport, dismissReport, listReports } from "./resolve-report";
import { unbanUser } from "./unban-user";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the admin scope's `onRequest`: the caller, whose role the database says is admin. */
    adminUser?: UserRow;
  }
}

/** `GET /api/moderation/me` and `POST /api/reports` (signed-in users). */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/moderation/me", async (request): Promise<ModerationMe> => {
    const me = await requireRequestUser(app, request);
    const deviceId = deviceIdFromCookie(request.headers.cookie);
    const [banned, mute] = await Promise.all([
      isBanned(app.db, { userId: me.id, username: displayName(me), deviceId }),
      findMute(app.db, me.id),
    ]);
    return { banned, mute, isAdmin: hasAdminRole(me.role) };
  });

  app.post("/reports", { schema: { body: createReportSchema } }, async (request, reply) => {
    const reporter = await requireRequestUser(app, request);
    const result = await createReport({ deps: app.groupChat.moderation, reporter, input: request.body });
    return reply.status(201).send(result);
  });
};

/**
 * `/api/admin/*`: the caller's role is read from the database before anything else runs (even body
 * validation), so a non-admin learns nothing and changes nothing (ARCHITECTURE §9.4).
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.groupChat.moderation;
  app.decorateRequest("adminUser", undefined);
  app.addHook("onRequest", async (request) => {
    request.adminUser = await requireAdminRequest(app, request);
  });
  const adminOf = (request: { adminUser?: UserRow }): UserRow => {
    if (!request.adminUser) throw new Error("admin scope without an admin");
    return request.adminUser;
  };

  app.get("/bans", async () => ({ bans: await listBans(deps) }));
  app.post("/bans", { schema: { body: banUserSchema } }, async (request) =>
    banUser({ deps, admin: adminOf(request), input: request.body }),
  );
  app.delete("/bans/:username", { schema: { params: usernameParamSchema } }, async (request) =>
    unbanUser({ deps, admin: adminOf(request), username: request.params.username }),
  );

  app.get("/mutes", async () => ({ mutes: await listMutesForAdmin(deps) }));
  app.post("/mutes", { schema: { body: muteUserSchema } }, async (request) =>
    muteUser({ deps, admin: adminOf(request), input: request.body }),
  );
  app.delete("/mutes/:userId", { schema: { params: userIdParamSchema } }, async (request) =>
    unmuteUser({ deps, admin: adminOf(request), userId: request.params.userId }),
  );

  app.get("/reports", { schema: { querystring: reportListQuerySchema } }, async (request) => ({
    reports: await listReports(deps, request.query.status),
  }));
  app.post("/reports/:id/dismiss", { schema: { params: idParamSchema } }, async (request) => ({
    report: await dismissReport(deps, request.params.id),
  }));
  app.post(
    "/reports/:id/action",
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

  app.delete("/group/messages/:id", { schema: { params: idParamSchema } }, async (request) => {
    const { id } = request.params;
    return /^[0-9a-f-]{36}$/i.test(id) ? deleteGroupMessage(deps, id) : { deleted: false };
  });
};

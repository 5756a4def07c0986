import { ACCOUNT_PATHS } from "@heartline/shared";
import type { FastifyPluginAsync } from "fastify";
import { toAccountUser } from "./account-user";
import { readCurrentSession } from "./current-session";

/**
 * The accounts HTTP contract (`packages/shared/src/api/accounts.ts`, spec §4 Authentication).
 * Each route parses its body with the shared schema and hands it to one use case.
 */
export const accountsRoutes: FastifyPluginAsync = async (app) => {
  app.get(ACCOUNT_PATHS.me, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const session = await readCurrentSession(app, request);
    return { user: session ? toAccountUser(session.user) : null };
  });
};

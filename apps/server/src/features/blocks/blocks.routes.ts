import {
  BLOCK_ERROR_MESSAGES,
  blockUserSchema,
  SOCIAL_PATHS,
  userIdRouteParamSchema,
} from "@heartline/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registeredOnly, type SessionGuards, sessionOf } from "../accounts/index";
import { blockUser, listBlockedIds, unblockUser } from "./block-user";
import type { BlocksDeps } from "./blocks-deps";

export interface BlocksRoutesOptions {
  deps: BlocksDeps;
  guards: SessionGuards;
}

/** `GET|POST /api/blocks`, `DELETE /api/blocks/:userId` (ARCHITECTURE §6; registered, verified users). */
export function blocksRoutes({ deps, guards }: BlocksRoutesOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const registered = { onRequest: registeredOnly(guards, BLOCK_ERROR_MESSAGES.registeredOnly) };
    const me = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user.id;

    app.get(SOCIAL_PATHS.blocks, registered, async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { blockedIds: await listBlockedIds(deps, me(request)) };
    });
    app.post(SOCIAL_PATHS.blocks, { ...registered, schema: { body: blockUserSchema } }, async (request) =>
      blockUser({ deps, blockerId: me(request), blockedId: request.body.userId }),
    );
    app.delete(
      "/api/blocks/:userId",
      { ...registered, schema: { params: userIdRouteParamSchema } },
      async (request) => unblockUser({ deps, blockerId: me(request), blockedId: request.params.userId }),
    );
  };
}

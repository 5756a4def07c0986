import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { OnlineCount } from "./online-count";

const onlineCountResponse = z.object({ count: z.number().int().nonnegative() });

/** `GET /api/online-count` (ARCHITECTURE §6): the same number the socket pushes as `online_users`. */
export const presenceRoutes =
  (onlineCount: OnlineCount): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/online-count",
      { schema: { response: { 200: onlineCountResponse } } },
      async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return { count: await onlineCount.current() };
      },
    );
  };

import swagger from "@fastify/swagger";
import { API_ERROR_CODES } from "@heartline/shared";
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { ROUTE_ROLE_MEANINGS, type RouteRole, routeRoleOf } from "../lib/route-roles";
import { HANDLER_PARSED_SCHEMAS } from "./openapi-handler-schemas";

export const OPENAPI_PATH = "/api/openapi.json";

/** The API's one error shape (ARCHITECTURE §6), with the stable codes the client localizes. */
const errorResponse = z
  .object({ error: z.object({ code: z.enum(API_ERROR_CODES), message: z.string() }) })
  .describe("An error: a stable `code` and the English text");

/** The errors every route may answer, and the ones its role adds. */
const ERRORS_BY_ROLE: Readonly<Record<RouteRole, readonly number[]>> = {
  anyone: [400, 404, 429, 500, 503],
  "signed-in": [400, 401, 404, 429, 500, 503],
  registered: [400, 401, 403, 404, 429, 500, 503],
  admin: [400, 403, 404, 429, 500, 503],
};

/** Admin routes are guarded by their plugin's `onRequest` hook, which a route's options do not show. */
function roleOf(url: string, route: RouteOptions): RouteRole {
  if (url.startsWith("/api/admin/")) return "admin";
  return routeRoleOf(route.onRequest, route.preHandler, route.preValidation);
}

/**
 * Issue #41 §3: an OpenAPI 3.1 document of every route, built by `@fastify/swagger` from the zod
 * schemas the routes are declared with (fastify-type-provider-zod's transform turns them into JSON
 * Schema), served at `/api/openapi.json`. Each operation carries `x-roles` (who may call it, read off
 * the route's guard hooks) and the error responses, in the API's one error shape. Registered before
 * the features, so it sees every route as it is added.
 */
export interface OpenApiPluginOptions {
  /**
   * Build the document once the app is ready (default), not on the first request: building it takes a
   * few hundred ms of one core (every schema turned into JSON Schema), which would stall every chat on
   * the node for that long. Test apps that never read the document skip it (`startTestApp`).
   */
  buildAtStart?: boolean;
}

export const openApiPlugin = fp(
  async (app: FastifyInstance, options: OpenApiPluginOptions) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Heartline API",
          version: "1",
          description: [
            "The HTTP API of Heartline (ARCHITECTURE §6): JSON under /api, one error shape.",
            "Roles (`x-roles`):",
            ...Object.entries(ROUTE_ROLE_MEANINGS).map(([role, meaning]) => `- ${role}: ${meaning}`),
            "Better Auth's own endpoints under /api/auth are not listed: only an allow-list of them is",
            "reachable, and the product's account routes (/api/account/*) wrap what the site uses.",
          ].join("\n"),
        },
        components: {
          securitySchemes: {
            session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
          },
        },
      },
      transform: (input) => {
        const { url, route } = input;
        const role = roleOf(url, route);
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        const parsedInHandler = HANDLER_PARSED_SCHEMAS[`${methods[0]} ${url}`] ?? {};
        const schema = { ...parsedInHandler, ...(input.schema as FastifySchema & Record<string, unknown>) };
        const responses: Record<number | string, unknown> = { ...(schema.response as object | undefined) };
        for (const status of ERRORS_BY_ROLE[role]) responses[status] ??= errorResponse;
        const documented = {
          ...schema,
          response: responses,
          "x-roles": [role],
          ...(role === "anyone" ? {} : { security: [{ session: [] }] }),
        };
        return jsonSchemaTransform({ ...input, schema: documented });
      },
    });
    app.get(OPENAPI_PATH, async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return app.swagger();
    });
    if (options.buildAtStart !== false) {
      app.addHook("onReady", async () => {
        app.swagger();
      });
    }
  },
  { name: "openapi" },
);

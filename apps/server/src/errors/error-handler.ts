import { API_ERROR_MESSAGES, isApiErrorCode } from "@heartline/shared";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isDatabaseError, mapError } from "./error-mapping";

/** Every HTTP error leaves through here, in the one shape `{ error: { code, message } }`. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const mapped = mapError(error);
      if (mapped.isUnexpected) {
        if (isDatabaseError(error)) app.metrics.databaseError();
        request.log.error({ err: error }, "request failed");
      }
      if (mapped.error.code === "rate_limited") {
        app.metrics.rateLimitRefused(`http:${request.method} ${request.routeOptions.url ?? "unknown"}`);
      }
      return reply.status(mapped.status).send({ error: mapped.error });
    });
  },
  { name: "error-handler", decorators: { fastify: ["metrics"] } },
);

/**
 * Errors Fastify's router raises before any route or the error handler runs (a malformed URL, a path
 * parameter over `maxParamLength`): the same `{ error: { code, message } }` shape with the catalogue's
 * message, never the URL echoed back (found by the HTTP fuzz suite: a 101-character username in
 * `DELETE /api/admin/bans/:username` answered Fastify's own 414 body).
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { status, error: body } = mapError(error);
  const message = isApiErrorCode(body.code) ? API_ERROR_MESSAGES[body.code] : body.message;
  reply.status(status).send({ error: { code: body.code, message } });
}

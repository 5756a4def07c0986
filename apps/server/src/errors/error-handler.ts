import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { mapError } from "./error-mapping";

/** Every HTTP error leaves through here, in the one shape `{ error: { code, message } }`. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const mapped = mapError(error);
      if (mapped.isUnexpected) {
        request.log.error({ err: error }, "request failed");
      }
      return reply.status(mapped.status).send({ error: mapped.error });
    });
  },
  { name: "error-handler" },
);

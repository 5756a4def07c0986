import { timingSafeEqual } from "node:crypto";
import { SERVER_MESSAGES } from "@heartline/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors/app-error";
import { Metrics } from "../lib/metrics";

declare module "fastify" {
  interface FastifyInstance {
    /** This node's Prometheus metrics (issue #41 §2; docs/operations.md "Metrics"). */
    metrics: Metrics;
  }
}

export const METRICS_PATH = "/metrics";

/** Decorates `app.metrics`, first of all, so every plugin after it can count. */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("metrics", new Metrics());
  },
  { name: "metrics", decorators: { fastify: ["config"] } },
);

/**
 * Only when `METRICS_TOKEN` is set, serves `GET /metrics` in Prometheus' text format to
 * `Authorization: Bearer <token>`. Without the token configured there is no such route (404, like any
 * unknown path), so the metrics are never public by default. Registered after the error handler, so a
 * refusal has the API's one error shape.
 */
export const metricsRoutes = fp(
  async (app: FastifyInstance) => {
    const { metrics } = app;
    const token = app.config.metricsToken;
    if (!token) return;
    const expected = Buffer.from(`Bearer ${token}`);
    app.get(METRICS_PATH, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? "");
      // Constant time: the token is a password.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        throw new AppError("unauthorized", SERVER_MESSAGES.metricsUnauthorized);
      }
      reply.header("cache-control", "no-store").type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  },
  { name: "metrics-routes", decorators: { fastify: ["config", "metrics"] } },
);

import { pageViewSchema, SERVER_MESSAGES } from "@heartline/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../../db/create-database";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import { prunePageViews, recordPageView } from "./record-page-view";

/** A page view is a path and nothing else; anything bigger is not one. */
const PAGE_VIEW_BODY_LIMIT_BYTES = 1024;

/** `POST /api/analytics/page-view` → 204. Stored only as a daily count per path. */
export interface AnalyticsDeps {
  db: Database;
  /** Page views per client IP (`createPageViewLimiter`). */
  limiter: RateLimiterAbstract;
  /** Distinct paths kept per day (defaults to `MAX_DISTINCT_PATHS_PER_DAY`). */
  maxDistinctPathsPerDay?: number;
  clock?: () => Date;
}

export const analyticsRoutes =
  ({ db, limiter, maxDistinctPathsPerDay, clock = () => new Date() }: AnalyticsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Retention runs with the first view of each UTC day on this process: no timer, no extra query otherwise.
    let prunedDay = "";

    // navigator.sendBeacon posts a string body as text/plain; read it as the JSON it is (this scope only).
    app.addContentTypeParser(
      "text/plain",
      { parseAs: "string", bodyLimit: PAGE_VIEW_BODY_LIMIT_BYTES },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(new AppError("bad_request", SERVER_MESSAGES.bodyNotJson), undefined);
        }
      },
    );

    app.post(
      "/api/analytics/page-view",
      { bodyLimit: PAGE_VIEW_BODY_LIMIT_BYTES, schema: { body: pageViewSchema } },
      async (request, reply) => {
        await consumeOrThrow(limiter, request.ip, SERVER_MESSAGES.tooManyPageViews);
        const now = clock();
        await recordPageView({
          db,
          path: request.body.path,
          now,
          ...(maxDistinctPathsPerDay ? { maxDistinctPathsPerDay } : {}),
        });
        const day = now.toISOString().slice(0, 10);
        if (day !== prunedDay) {
          prunedDay = day;
          const pruned = await prunePageViews({ db, now });
          if (pruned > 0) request.log.info({ pruned }, "old page-view counters deleted");
        }
        return reply.status(204).send();
      },
    );
  };

import { pageViewSchema, SERVER_MESSAGES } from "@heartline/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/create-database";
import { AppError } from "../../errors/app-error";
import { recordPageView } from "./record-page-view";

/** A page view is a path and nothing else; anything bigger is not one. */
const PAGE_VIEW_BODY_LIMIT_BYTES = 1024;

/** `POST /api/analytics/page-view` → 204. Stored only as a daily count per path. */
export interface AnalyticsDeps {
  db: Database;
}

export const analyticsRoutes =
  ({ db }: AnalyticsDeps): FastifyPluginAsyncZod =>
  async (app) => {
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
      "/analytics/page-view",
      { bodyLimit: PAGE_VIEW_BODY_LIMIT_BYTES, schema: { body: pageViewSchema } },
      async (request, reply) => {
        await recordPageView({ db, path: request.body.path });
        return reply.status(204).send();
      },
    );
  };

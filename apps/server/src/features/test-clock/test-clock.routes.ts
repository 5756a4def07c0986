import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TestClock } from "./clock";

/** A whole number of milliseconds within ±100 years, like `TEST_CLOCK_OFFSET_MS`. */
const MAX_OFFSET_MS = 100 * 366 * 86_400_000;
const clockBody = z.object({ offsetMs: z.number().int().min(-MAX_OFFSET_MS).max(MAX_OFFSET_MS) });
const clockResponse = z.object({ offsetMs: z.number().int(), now: z.number().int() });

/** Sets the test clock's offset; answers the offset and the server's "now" with it. */
export const testClockRoutes =
  (clock: TestClock): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/test/clock",
      { schema: { body: clockBody, response: { 200: clockResponse } } },
      async (request, reply) => {
        clock.setOffsetMs(request.body.offsetMs);
        reply.header("cache-control", "no-store");
        return { offsetMs: clock.offsetMs(), now: clock.now() };
      },
    );
  };

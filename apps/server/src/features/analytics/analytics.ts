import type { Database } from "../../db/create-database";
import type { RedisClient } from "../../lib/redis-client";
import type { Feature } from "../feature";
import { analyticsRoutes } from "./analytics.routes";
import { createPageViewLimiter } from "./page-view-limits";

export interface CreateAnalyticsOptions {
  db: Database;
  redis: RedisClient | null;
}

/** `POST /api/analytics/page-view`, limited per client address. */
export function createAnalytics({ db, redis }: CreateAnalyticsOptions): Feature {
  return { routes: analyticsRoutes({ db, limiter: createPageViewLimiter(redis) }) };
}

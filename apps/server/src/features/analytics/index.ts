/** The analytics feature's public entry. */
export { type CreateAnalyticsOptions, createAnalytics } from "./analytics";
export { type AnalyticsDeps, analyticsRoutes } from "./analytics.routes";
export { createPageViewLimiter, PAGE_VIEW_RATE_LIMIT } from "./page-view-limits";
export {
  MAX_DISTINCT_PATHS_PER_DAY,
  OTHER_PATHS,
  PAGE_VIEW_RETENTION_DAYS,
  prunePageViews,
} from "./record-page-view";

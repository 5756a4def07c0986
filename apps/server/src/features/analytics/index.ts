/** The analytics feature's public entry. */
export { type AnalyticsDeps, analyticsRoutes } from "./analytics.routes";

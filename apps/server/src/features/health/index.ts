/** The health feature's public entry. */
export { type HealthDeps, healthRoutes } from "./health.routes";

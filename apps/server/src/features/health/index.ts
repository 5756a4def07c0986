/** The health feature's public entry. */
export { createHealth } from "./health";
export type { HealthDeps } from "./health.routes";

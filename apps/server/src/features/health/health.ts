import type { Feature } from "../feature";
import { type HealthDeps, healthRoutes } from "./health.routes";

/** `GET /api/health` (ARCHITECTURE §3): the database and Redis answer. */
export function createHealth(deps: HealthDeps): Feature {
  return { routes: healthRoutes(deps) };
}

import type { Feature } from "../feature";
import { type DevOutboxDeps, devOutboxRoutes } from "./dev-outbox.routes";

/** The dev outbox page, mounted only when `DEV_OUTBOX` is on and the outbox transport is in use. */
export function createDevOutbox(deps: DevOutboxDeps): Feature {
  return { routes: devOutboxRoutes(deps) };
}

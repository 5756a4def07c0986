import type { Feature } from "../feature";
import type { TestClock } from "./clock";
import { testClockRoutes } from "./test-clock.routes";

/** `POST /api/test/clock`, registered only when `isEnabled` (`TEST_CLOCK=1`): no such route otherwise. */
export function createTestClockFeature({
  clock,
  isEnabled,
}: {
  clock: TestClock;
  isEnabled: boolean;
}): Feature {
  return isEnabled ? { routes: testClockRoutes(clock) } : {};
}

import { SOCKET_EVENT_LIMITS, type SocketEventLimitOverrides } from "../../src/realtime/event-limits";

/**
 * Limits far above what a test sends, for suites that fire events faster than any person (fuzzing):
 * the limits themselves are tested in `event-limits.test.ts`; production has no such switch.
 */
export function roomyEventLimits(): SocketEventLimitOverrides {
  const overrides: SocketEventLimitOverrides = {};
  for (const [name, limit] of Object.entries(SOCKET_EVENT_LIMITS)) {
    overrides[name as keyof typeof SOCKET_EVENT_LIMITS] = {
      ...limit,
      perSocket: { capacity: 100_000, refillPerSecond: 100_000 },
      perUser: { points: 100_000, durationSeconds: 1 },
    };
  }
  return overrides;
}

/**
 * Tests only (issue #37): the server's "now" as `Date.now() + offset`, the offset starting at
 * `TEST_CLOCK_OFFSET_MS` and movable while the server runs through `POST /api/test/clock` when
 * `TEST_CLOCK=1` (both refused in production by the config). Every feature that reads "now" through the
 * composition root's clock (streak days, DM sends, streak reminders' ticks) reads it on each call, so a
 * move is seen at once, without a restart.
 */
export interface TestClock {
  now(): number;
  offsetMs(): number;
  setOffsetMs(offsetMs: number): void;
}

export function createTestClock(initialOffsetMs: number): TestClock {
  let offset = initialOffsetMs;
  return {
    now: () => Date.now() + offset,
    offsetMs: () => offset,
    setOffsetMs: (offsetMs) => {
      offset = offsetMs;
    },
  };
}

/** The test clock's public entry (tests only, issue #37). */
export { createTestClock, type TestClock } from "./clock";
export { createTestClockFeature } from "./test-clock";

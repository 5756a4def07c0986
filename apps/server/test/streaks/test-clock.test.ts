import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { D, H, streakFixtures } from "./streak-fixtures";

const moveClock = (test: TestApp, payload: unknown) =>
  test.app.inject({ method: "POST", url: "/api/test/clock", payload: payload as object });

/**
 * The test clock's door (issue #37): with `TEST_CLOCK=1` a test moves the server's "now" while it runs,
 * and the streaks read the moved clock at once; without the variable the route does not exist.
 */
describe("POST /api/test/clock", () => {
  let withClock: TestApp;
  let without: TestApp;

  beforeAll(async () => {
    [withClock, without] = await Promise.all([
      startTestApp({ env: { TEST_CLOCK: "1", AUTH_RATE_LIMIT_SCALE: "100" } }),
      startTestApp(),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([withClock?.close(), without?.close()]);
  });

  const { friends, send, read } = streakFixtures(() => withClock);

  it("does not exist without TEST_CLOCK=1 (a JSON 404)", async () => {
    const response = await moveClock(without, { offsetMs: D });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: "not_found", message: "Nothing at POST /api/test/clock" },
    });
  });

  it("refuses an offset that is not a whole number of milliseconds", async () => {
    for (const payload of [{ offsetMs: 1.5 }, { offsetMs: "86400000" }, {}]) {
      const response = await moveClock(withClock, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("bad_request");
    }
  });

  it("moves the server's now without a restart: a streak goes active, breaking, then broken", async () => {
    // 10:00 UTC of a day counted from today's date, so no step crosses a midnight however late it runs.
    const today = Math.floor(Date.now() / D) * D;
    const at = (day: number) => ({ offsetMs: today + day * D + 10 * H - Date.now() });
    expect((await moveClock(withClock, at(0))).statusCode).toBe(200);
    const [a, b] = await friends();
    await send(a, b);
    await send(b, a);
    expect(await read(a, b)).toMatchObject({ count: 1, status: "active" });

    const dayOne = at(1);
    const moved = await moveClock(withClock, dayOne);
    expect(moved.statusCode).toBe(200);
    const body = moved.json<{ offsetMs: number; now: number }>();
    expect(body.offsetMs).toBe(dayOne.offsetMs);
    expect(new Date(body.now).toISOString().slice(0, 13)).toBe(
      new Date(today + D + 10 * H).toISOString().slice(0, 13),
    );
    expect(await read(a, b)).toMatchObject({ count: 1, status: "breaking" });

    expect((await moveClock(withClock, at(3))).statusCode).toBe(200);
    expect(await read(a, b)).toMatchObject({ count: 0, status: "broken" });

    // And back: the same server reads day 0 again.
    expect((await moveClock(withClock, at(0))).statusCode).toBe(200);
    expect(await read(a, b)).toMatchObject({ count: 1, status: "active" });
  });
});

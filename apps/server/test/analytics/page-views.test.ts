import { SERVER_MESSAGES } from "@heartline/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pageViewDaily } from "../../src/db/schema";
import { PAGE_VIEW_RATE_LIMIT, prunePageViews } from "../../src/features/analytics/index";
import { recordPageView } from "../../src/features/analytics/record-page-view";
import { startTestApp, type TestApp } from "../helpers/test-app";

describe("page-view analytics: limited per visitor and bounded in storage", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });
  beforeEach(async () => {
    await test.app.db.delete(pageViewDaily);
  });

  const view = (path: string, remoteAddress = "203.0.113.20") =>
    test.app.inject({ method: "POST", url: "/api/analytics/page-view", payload: { path }, remoteAddress });

  it("refuses page views over the per-IP limit with rate_limited and the exact text, counting nothing", async () => {
    for (let index = 0; index < PAGE_VIEW_RATE_LIMIT.points; index += 1) {
      expect((await view("/about", "203.0.113.21")).statusCode).toBe(204);
    }
    const refused = await view("/about", "203.0.113.21");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: "rate_limited", message: SERVER_MESSAGES.tooManyPageViews },
    });
    const [row] = await test.app.db.select().from(pageViewDaily).where(eq(pageViewDaily.path, "/about"));
    expect(row?.views).toBe(PAGE_VIEW_RATE_LIMIT.points);
    // Another visitor is not affected.
    expect((await view("/about", "203.0.113.22")).statusCode).toBe(204);
  });

  it("folds ids in paths into one row per route", async () => {
    await view("/profile/3f2a9c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b");
    await view("/profile/Zx81pQ2rT5uV7wY9aB3c");
    await view("/profile/12345");
    const rows = await test.app.db.select().from(pageViewDaily);
    expect(rows.map(({ path, views }) => ({ path, views }))).toEqual([{ path: "/profile/:id", views: 3 }]);
  });

  it("counts new paths beyond the daily cap as /(other), so a day holds a bounded number of rows", async () => {
    const now = new Date("2026-11-20T12:00:00Z");
    for (const path of ["/a", "/b", "/c", "/d", "/e", "/a"]) {
      await recordPageView({ db: test.app.db, path, now, maxDistinctPathsPerDay: 3 });
    }
    const rows = await test.app.db.select().from(pageViewDaily);
    expect(
      rows.map(({ path, views }) => ({ path, views })).sort((x, y) => x.path.localeCompare(y.path)),
    ).toEqual([
      { path: "/(other)", views: 3 },
      { path: "/a", views: 2 },
      { path: "/b", views: 1 },
    ]);
  });

  it("deletes counters older than the retention window and keeps the rest", async () => {
    await test.app.db.insert(pageViewDaily).values([
      { path: "/old", day: "2024-01-01", views: 5 },
      { path: "/recent", day: "2026-11-01", views: 2 },
    ]);
    expect(await prunePageViews({ db: test.app.db, now: new Date("2026-11-23T00:00:00Z") })).toBe(1);
    const rows = await test.app.db.select().from(pageViewDaily);
    expect(rows.map((row) => row.path)).toEqual(["/recent"]);
  });
});

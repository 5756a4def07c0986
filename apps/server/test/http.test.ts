import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageViewDaily } from "../src/db/schema";
import { startTestApp, type TestApp } from "./helpers/test-app";

describe("HTTP API on an embedded PGlite", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  async function viewsOf(path: string): Promise<number | undefined> {
    const today = new Date().toISOString().slice(0, 10);
    const rows = await test.app.db
      .select({ views: pageViewDaily.views })
      .from(pageViewDaily)
      .where(and(eq(pageViewDaily.path, path), eq(pageViewDaily.day, today)));
    return rows[0]?.views;
  }

  it("reports health with the embedded driver and the in-memory adapter", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json();
    expect(body).toMatchObject({
      status: "ok",
      database: { ok: true, driver: "pglite" },
      realtime: { ok: true, adapter: "memory" },
    });
    expect(Number.isInteger(body.uptimeSeconds)).toBe(true);
  });

  it("answers the health check over real HTTP too", async () => {
    const response = await fetch(`${test.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });

  it("reports the online count (nobody connected)", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/online-count" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 0 });
  });

  it("counts page views per path and UTC day, one row per path", async () => {
    for (let index = 0; index < 3; index += 1) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/analytics/page-view",
        payload: { path: "/about" },
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe("");
    }
    await test.app.inject({ method: "POST", url: "/api/analytics/page-view", payload: { path: "/chat" } });

    expect(await viewsOf("/about")).toBe(3);
    expect(await viewsOf("/chat")).toBe(1);
    const rows = await test.app.db.select().from(pageViewDaily);
    expect(rows.filter((row) => row.path === "/about")).toHaveLength(1);
    // Only path, day and count exist: nothing that identifies a visitor is stored.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(["day", "path", "views"]);
  });

  it("accepts a sendBeacon-style text/plain page view", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/analytics/page-view",
      headers: { "content-type": "text/plain;charset=UTF-8" },
      payload: JSON.stringify({ path: "/confessions" }),
    });
    expect(response.statusCode).toBe(204);
    expect(await viewsOf("/confessions")).toBe(1);
  });

  it.each([
    ["a path that is not a path", { path: "javascript:alert(1)" }, "Route must be a path"],
    ["a number", { path: 42 }, undefined],
    ["no path", {}, undefined],
  ])("rejects %s with bad_request and stores nothing", async (_name, payload, message) => {
    const before = await test.app.db.select().from(pageViewDaily);
    const response = await test.app.inject({ method: "POST", url: "/api/analytics/page-view", payload });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe("bad_request");
    expect(typeof body.error.message).toBe("string");
    if (message) expect(body.error.message).toBe(message);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    expect(await test.app.db.select().from(pageViewDaily)).toEqual(before);
  });

  it("rejects a page-view body over 1 KiB", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/analytics/page-view",
      payload: { path: "/about", padding: "x".repeat(1100) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: "bad_request", message: "The request body is too large." },
    });
  });

  it("rejects malformed JSON with bad_request and no stack trace", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/analytics/page-view",
      headers: { "content-type": "application/json" },
      payload: '{"path": "/about"',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe("bad_request");
    expect(body.error).not.toHaveProperty("stack");
  });

  it("answers an unknown API route with a JSON 404, whatever the Accept header", async () => {
    for (const accept of ["application/json", "text/html"]) {
      const response = await test.app.inject({ method: "GET", url: "/api/nope?x=1", headers: { accept } });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      expect(response.json()).toEqual({ error: { code: "not_found", message: "Nothing at GET /api/nope" } });
    }
    const post = await test.app.inject({ method: "POST", url: "/api/nope", payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe("not_found");
  });

  it("explains how to build the web app when there is no build", async () => {
    const response = await test.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(503);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toContain("npm run build");

    const page = await test.app.inject({ method: "GET", url: "/about", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain("npm run build");
  });

  // Runs last: it closes this file's database.
  it("answers 503 degraded when the database stops answering", async () => {
    await test.app.dbHandle.close();
    const response = await test.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: "degraded",
      database: { ok: false, driver: "pglite" },
      realtime: { ok: true, adapter: "memory" },
    });
  });
});

import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/db/schema";
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";
import { START_TIMEOUT_MS } from "./accounts-client";

/**
 * The Better Auth paths the product uses over HTTP (plugins/auth-allow-list.ts). The e-mailed
 * verification link is the product's own route since ADR 0017.
 */
const ALLOWED = ["POST /api/auth/admin/set-role"];
const RATE_LIMITED = "Too many requests. Please try again later.";

interface Endpoint {
  path: string;
  options: { method: string | string[] };
}

/**
 * issue #10 hole 3: Better Auth's whole API was public, so sign-up skipped the human check and the 18+
 * gate, anonymous sign-in made unlimited users, and /update-user set any date of birth. Only the
 * allow-list is reachable now; every write goes through the product's routes.
 */
describe("accounts: Better Auth's own HTTP surface", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  const post = (url: string, payload: Record<string, unknown>, remoteAddress = "127.0.0.1") =>
    test.app.inject({
      method: "POST",
      url,
      headers: { origin: TEST_PUBLIC_URL, "content-type": "application/json" },
      payload,
      remoteAddress,
    });

  async function userCount(): Promise<number> {
    const [row] = await test.app.db.select({ value: count() }).from(user);
    return row?.value ?? 0;
  }

  /** Every endpoint the configured library has, read from the instance itself (not a hand list). */
  function libraryEndpoints(): { method: string; path: string }[] {
    const endpoints = Object.values(test.app.auth.api as unknown as Record<string, Endpoint>).filter(
      (endpoint) => typeof endpoint?.path === "string" && endpoint.path.startsWith("/"),
    );
    return endpoints.flatMap((endpoint) =>
      [endpoint.options.method]
        .flat()
        .filter((method) => method === "GET" || method === "POST")
        .map((method) => ({ method, path: `/api/auth${endpoint.path}` })),
    );
  }

  it("answers 404 on every library endpoint outside the allow-list, and creates nobody", async () => {
    const endpoints = libraryEndpoints();
    // The instance has its sign-up, sign-in, anonymous, reset and admin endpoints (the list is real).
    expect(endpoints.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        "/api/auth/sign-up/email",
        "/api/auth/sign-in/anonymous",
        "/api/auth/update-user",
      ]),
    );
    const before = await userCount();
    const open: string[] = [];
    for (const { method, path } of endpoints) {
      if (ALLOWED.includes(`${method} ${path}`)) continue;
      const response = await test.app.inject({
        method: method as "GET" | "POST",
        url: path,
        headers: { origin: TEST_PUBLIC_URL, "content-type": "application/json" },
        ...(method === "POST" ? { payload: {} } : {}),
      });
      if (response.statusCode !== 404 || response.json().error?.code !== "not_found")
        open.push(`${method} ${path}`);
    }
    expect(open).toEqual([]);
    expect(await userCount()).toBe(before);
  });

  it("refuses the reviewed attacks: raw sign-up without the 18+ gate, anonymous users, profile edits", async () => {
    const before = await userCount();
    const attempts = [
      post("/api/auth/sign-up/email", {
        email: "kid@example.com",
        password: "secret-pass",
        name: "kid",
        username: "kid_user",
        dob: "2015-01-01",
      }),
      post("/api/auth/sign-in/anonymous", {}),
      post("/api/auth/sign-in/email", { email: "kid@example.com", password: "secret-pass" }),
      post("/api/auth/sign-in/username", { username: "kid_user", password: "secret-pass" }),
      post("/api/auth/request-password-reset", { email: "kid@example.com" }),
      post("/api/auth/send-verification-email", { email: "kid@example.com" }),
      post("/api/auth/update-user", { dob: "2015-01-01", image: "https://evil.example/x.png" }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not_found", message: "Not found." } });
    }
    expect(await userCount()).toBe(before);
  });

  it("matches the exact path Better Auth routes on: no other spelling reaches an endpoint", async () => {
    const before = await userCount();
    for (const url of [
      "/api/auth/sign-in%2Fanonymous",
      "/api/auth/SIGN-IN/anonymous",
      "/api/auth/sign-in/anonymous/",
      "/api/auth//sign-in/anonymous",
      "/api/auth/./sign-in/anonymous",
      "/api/auth/verify-email/../sign-in/anonymous",
      "/api/auth/admin/set-role/../../sign-in/anonymous",
    ]) {
      const response = await post(url, {});
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe("not_found");
    }
    expect(await userCount()).toBe(before);
  });

  it("keeps the library's limiter on, keyed by the address the app resolved, not a header", async () => {
    const verify = (remoteAddress: string, headers: Record<string, string> = {}) =>
      test.app.inject({
        method: "POST",
        url: "/api/auth/admin/set-role",
        remoteAddress,
        headers: { origin: TEST_PUBLIC_URL, "content-type": "application/json", ...headers },
        payload: { userId: "nobody", role: "admin" },
      });
    let limited = null;
    for (let attempt = 0; attempt < 150 && !limited; attempt += 1) {
      // A client naming another address in any header still counts as itself.
      const response = await verify("198.51.100.20", {
        "x-forwarded-for": `203.0.113.${attempt % 250}`,
        "x-heartline-client-ip": `203.0.113.${attempt % 250}`,
      });
      if (response.statusCode === 429) limited = response;
    }
    expect(limited?.json()).toMatchObject({ message: RATE_LIMITED });
    expect((await verify("198.51.100.21")).statusCode).not.toBe(429);
  });
});

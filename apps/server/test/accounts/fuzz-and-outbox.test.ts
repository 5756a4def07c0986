import { SERVER_MESSAGES } from "@heartline/shared";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, user } from "../../src/db/schema";

import { startTestApp, type TestApp } from "../helpers/test-app";
import { AccountsClient, ADULT_DOB, NO_HUMAN_CHECK_ENV, START_TIMEOUT_MS } from "./accounts-client";

const POST_ROUTES = [
  "/api/accounts/guest",
  "/api/accounts/sign-in",
  "/api/accounts/sign-up",
  "/api/accounts/forgot-password",
  "/api/accounts/reset-password",
  "/api/accounts/change-password",
  "/api/accounts/resend-verification",
  "/api/verify-recaptcha",
] as const;

/** Bodies shaped like the real ones with hostile values, and anything JSON at all. */
const hostileValue = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom(
    "",
    " ",
    "a".repeat(5_000),
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\u0000",
    "2099-01-01",
    "1800-01-01",
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);
const formBody = fc.record(
  {
    username: hostileValue,
    email: hostileValue,
    password: hostileValue,
    dob: hostileValue,
    gender: hostileValue,
    token: hostileValue,
    newPassword: hostileValue,
    currentPassword: hostileValue,
    __proto__: hostileValue,
  },
  { requiredKeys: [] },
);
const anyBody = fc.oneof(formBody, fc.jsonValue());

describe("accounts: hostile input (never a 500, nothing changes)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: { ...NO_HUMAN_CHECK_ENV, AUTH_RATE_LIMIT_SCALE: "100" } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  it("answers every hostile body with a 4xx in the one error shape", async () => {
    const signedIn = new AccountsClient(test.app);
    await signedIn.post("/api/accounts/guest", { username: "Fuzz_Target", dob: ADULT_DOB, gender: "male" });
    const countRows = async () => ({
      users: (await test.app.db.select({ id: user.id }).from(user)).length,
      accounts: (await test.app.db.select({ id: account.id }).from(account)).length,
    });
    const before = await countRows();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...POST_ROUTES),
        anyBody,
        fc.boolean(),
        async (url, body, withSession) => {
          const client = withSession ? signedIn : new AccountsClient(test.app);
          const response = await client.post(url, body);
          expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.json()).toEqual({
              error: { code: expect.any(String), message: expect.any(String) },
            });
          }
        },
      ),
      {
        numRuns: 150,
        // Once a 500: a NUL character in a token reached PostgreSQL, which cannot store one.
        examples: [
          ["/api/accounts/reset-password", { token: "\u0000", newPassword: "      " }, false],
          ["/api/accounts/sign-in", { email: "\u0000@example.com", password: "secret1" }, false],
        ],
      },
    );
    expect(await countRows()).toEqual(before);
    expect((await signedIn.get("/api/accounts/me")).json().user.username).toBe("Fuzz_Target");
  });

  it("answers a body that is not JSON at all with 400", async () => {
    for (const payload of ["{", "null", "[]", '"text"']) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/accounts/sign-in",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe("dev outbox page", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: NO_HUMAN_CHECK_ENV });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  it("lists the newest e-mails with clickable links, escaped, under the strict CSP", async () => {
    const visitor = new AccountsClient(test.app);
    await visitor.post("/api/accounts/sign-up", {
      username: "Outbox_User",
      email: "outbox@example.com",
      password: "secret-pass",
      dob: ADULT_DOB,
      gender: "female",
    });
    const page = await test.app.inject({ method: "GET", url: "/dev/outbox" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(page.body).not.toContain("<script");
    expect(page.body).toContain("outbox@example.com");
    expect(page.body).toContain("Verify your email for Heartline");
    expect(page.body).toMatch(
      /<a href="http:\/\/localhost:3000\/api\/accounts\/verify-email\?token=[^"&]+">/,
    );

    const missing = await test.app.inject({
      method: "GET",
      url: "/dev/outbox/latest.json?to=nobody@example.com",
    });
    expect(missing.statusCode).toBe(404);
    const bad = await test.app.inject({ method: "GET", url: "/dev/outbox/latest.json" });
    expect(bad.statusCode).toBe(400);
  });

  // issue #10 hole 1: the outbox holds everyone's reset links; only the person at this machine reads it.
  it.each([
    ["another machine", { remoteAddress: "203.0.113.7" }],
    ["a proxied request over loopback", { headers: { "x-forwarded-for": "203.0.113.7" } }],
    ["a request through a Forwarded header", { headers: { forwarded: "for=203.0.113.7" } }],
    ["a request to a public host name", { headers: { host: "chat.example.com" } }],
  ])("refuses %s", async (_name, options) => {
    for (const url of ["/dev/outbox", "/dev/outbox/latest.json?to=outbox@example.com"]) {
      const response = await test.app.inject({ method: "GET", url, ...options });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: "forbidden", message: SERVER_MESSAGES.devOutboxLocalOnly },
      });
      expect(response.body).not.toContain("verify-email");
    }
  });

  it("answers this machine on 127.0.0.1 and ::1", async () => {
    for (const remoteAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const response = await test.app.inject({ method: "GET", url: "/dev/outbox", remoteAddress });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe("dev outbox where it must not exist", () => {
  // Each starts its own app inside the test: PGlite needs a while on a busy machine.
  it.each([
    ["in production", { NODE_ENV: "production", LOG_LEVEL: "silent" }],
    [
      "on a public PUBLIC_URL, even in development",
      { NODE_ENV: "development", LOG_LEVEL: "silent", PUBLIC_URL: "https://chat.example.com" },
    ],
  ])("does not exist %s", { timeout: 180_000 }, async (_name, env) => {
    const test = await startTestApp({ env });
    try {
      for (const url of ["/dev/outbox", "/dev/outbox/latest.json?to=a@b.co"]) {
        const response = await test.app.inject({ method: "GET", url });
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe("not_found");
      }
    } finally {
      await test.close();
    }
  });
});

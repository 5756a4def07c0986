import {
  API_ERROR_CODES,
  banUserSchema,
  blockUserSchema,
  changePasswordSchema,
  checkUsernameQuerySchema,
  conversationListQuerySchema,
  createReportSchema,
  forgotPasswordSchema,
  groupHistoryQuerySchema,
  guestSchema,
  muteUserSchema,
  pageViewSchema,
  profileUpdateSchema,
  reportActionSchema,
  reportListQuerySchema,
  resendVerificationSchema,
  resetPasswordSchema,
  sendFriendRequestSchema,
  signInSchema,
  signUpSchema,
  verifyEmailQuerySchema,
  verifyHumanSchema,
} from "@heartline/shared";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createGuest, createRegistered, personHeaders, type TestPerson } from "../fixtures/group-fixtures";
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";
import {
  arbitraryFromSchema,
  HOSTILE_STRINGS,
  HUGE_STRING,
  hostileValue,
  PROTOTYPE_KEYS_OBJECT,
} from "./hostile-arbitraries";
import { describeLag, expectNoFreeze, type LagReport, startLagMonitor } from "./lag-monitor";
import { writeCounts } from "./write-counts";

interface Route {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
}

/**
 * Every route the running app has, read from `printRoutes({ commonPrefix: false })` (a tree: each line
 * a path segment appended to its parent's, then its methods). HEAD is Fastify's automatic twin of GET.
 */
function registeredRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+) \(([^)]*)\)/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const full = (stack[depth - 1] ?? "") + (match[2] ?? "");
    stack[depth] = full;
    stack.length = depth + 1;
    for (const method of (match[3] ?? "").split(", ")) {
      if (method === "GET" || method === "POST" || method === "PATCH" || method === "DELETE") {
        routes.push({ method, path: full });
      }
    }
  }
  return routes;
}

/** Not JSON routes: the SPA/static catch-all, the dev outbox page, and the multipart uploads (upload-corpus). */
const SKIPPED = new Set([
  "GET *",
  "GET /dev/outbox",
  "POST /api/users/me/avatar",
  "POST /api/users/me/banner",
  "POST /api/group/images",
]);
/** Would end the fuzzing people's sessions or accounts: sent without a session only (answered 401). */
const DESTRUCTIVE = new Set([
  "POST /api/accounts/sign-out",
  "POST /api/accounts/sign-out-everywhere",
  "DELETE /api/users/me",
]);

/** The shared schema each body or query is parsed with; any other route gets hostile JSON. */
const BODY_SCHEMAS: Record<string, z.ZodType> = {
  "POST /api/analytics/page-view": pageViewSchema,
  "POST /api/admin/bans": banUserSchema,
  "POST /api/admin/mutes": muteUserSchema,
  "POST /api/admin/reports/:id/action": reportActionSchema,
  "POST /api/reports": createReportSchema,
  "POST /api/accounts/guest": guestSchema,
  "POST /api/accounts/sign-in": signInSchema,
  "POST /api/accounts/sign-up": signUpSchema,
  "POST /api/accounts/forgot-password": forgotPasswordSchema,
  "POST /api/accounts/reset-password": resetPasswordSchema,
  "POST /api/accounts/change-password": changePasswordSchema,
  "POST /api/accounts/resend-verification": resendVerificationSchema,
  "POST /api/verify-recaptcha": verifyHumanSchema,
  "PATCH /api/users/me": profileUpdateSchema,
  "POST /api/friend-requests": sendFriendRequestSchema,
  "POST /api/blocks": blockUserSchema,
};
const QUERY_SCHEMAS: Record<string, z.ZodType> = {
  "GET /api/group/messages": groupHistoryQuerySchema,
  "GET /api/conversations": conversationListQuerySchema,
  "GET /api/users/check-username": checkUsernameQuerySchema,
  "GET /api/accounts/verify-email": verifyEmailQuerySchema,
  "GET /api/admin/reports": reportListQuerySchema,
};

/** A parameter sent as it is (malformed percent-encoding) rather than encoded. */
const RAW = "raw:";
function encodeParam(value: string): string {
  return value.startsWith(RAW)
    ? value.slice(RAW.length)
    : encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, "\uFFFD"));
}

/** Bodies that are not the JSON object a route expects (built once: the 1 MB one is not rebuilt per run). */
const RAW_BODIES = [
  { payload: "{", contentType: "application/json" },
  { payload: "[]", contentType: "application/json" },
  { payload: '"text"', contentType: "application/json" },
  { payload: "null", contentType: "application/json" },
  { payload: JSON.stringify({ a: HUGE_STRING.repeat(8) }), contentType: "application/json" },
  { payload: "a=1&b=2", contentType: "application/x-www-form-urlencoded" },
  { payload: "<xml/>", contentType: "text/plain" },
  { payload: "{}", contentType: "application/json; charset=utf-7" },
] as const;

const REFUSAL_CODES = API_ERROR_CODES.filter((code) => code !== "internal");

type Role = "visitor" | "guest" | "registered" | "admin";

const paramArb = fc.oneof(
  fc.constantFrom(
    ...HOSTILE_STRINGS.filter((value) => value.length > 0),
    "..",
    "%2e%2e",
    "a".repeat(300),
    `${RAW}%E0%A4%A`,
    `${RAW}%ff%fe`,
    `${RAW}..%2f..%2fetc%2fpasswd`,
  ),
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.stringMatching(/^[A-Za-z0-9]{20,28}$/),
  fc.uuid(),
);

/** A query string from a value: objects become key=value pairs (arrays repeat the key). */
function queryOf(value: unknown): string {
  // URLSearchParams, not encodeURIComponent: a lone surrogate (fast-check makes them) becomes U+FFFD as
  // a browser would send it, instead of a URIError in the test itself.
  if (typeof value !== "object" || value === null)
    return value === undefined ? "" : `?${new URLSearchParams({ q: String(value) }).toString()}`;
  const search = new URLSearchParams();
  for (const [key, item] of Object.entries(value)) {
    for (const one of Array.isArray(item) ? item : [item]) {
      search.append(key, typeof one === "object" ? JSON.stringify(one) : String(one));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

describe("HTTP fuzzing: every JSON route the app registers", () => {
  let test: TestApp;
  let routes: Route[];
  const people = new Map<Role, TestPerson | null>();
  let lag: LagReport | undefined;

  beforeAll(async () => {
    // The OpenAPI document is built at start, as in production (built on a request, it stalls the loop).
    test = await startTestApp({
      env: { HUMAN_CHECK: "off", AUTH_RATE_LIMIT_SCALE: "100" },
      openApiAtStart: true,
    });
    people.set("visitor", null);
    people.set("guest", await createGuest(test.app, "Route_Guest"));
    people.set("registered", await createRegistered(test.app, "Route_Member"));
    people.set("admin", await createRegistered(test.app, "Route_Admin", { isAdmin: true }));
    routes = registeredRoutes(test.app).filter((route) => !SKIPPED.has(`${route.method} ${route.path}`));
    await writeCounts(test.app);
  }, 120_000);
  afterAll(async () => {
    console.info(`[fuzz-routes] ${routes?.length} routes; ${lag ? describeLag(lag) : "not measured"}`);
    await test?.close();
  });

  it("finds the routes it fuzzes (a route added later is fuzzed too)", () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    for (const key of [...Object.keys(BODY_SCHEMAS), ...Object.keys(QUERY_SCHEMAS), ...DESTRUCTIVE]) {
      expect(keys).toContain(key);
    }
    expect(routes.length).toBeGreaterThanOrEqual(30);
  });

  it("answers every hostile request with 2xx or a clean 4xx, writes nothing when refusing, never stalls", async () => {
    const requestArb = fc.constantFrom(...routes).chain((route) => {
      const key = `${route.method} ${route.path}`;
      const bodySchema = BODY_SCHEMAS[key];
      const querySchema = QUERY_SCHEMAS[key];
      const roles: Role[] = DESTRUCTIVE.has(key) ? ["visitor"] : ["visitor", "guest", "registered", "admin"];
      return fc.record({
        route: fc.constant(route),
        role: fc.constantFrom(...roles),
        params: fc.array(paramArb, { minLength: 3, maxLength: 3 }),
        body: bodySchema ? arbitraryFromSchema(bodySchema) : hostileValue,
        query: querySchema
          ? arbitraryFromSchema(querySchema)
          : fc.option(fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 })), {
              nil: undefined,
            }),
        raw: fc.option(fc.constantFrom(...RAW_BODIES), { nil: undefined, freq: 6 }),
      });
    });

    const monitor = startLagMonitor();
    try {
      await fc.assert(
        fc.asyncProperty(requestArb, async ({ route, role, params, body, query, raw }) => {
          let index = 0;
          const url =
            route.path.replace(/:\w+/g, () => encodeParam(params[index++] ?? "x")) +
            (route.method === "GET" || route.method === "DELETE" ? queryOf(query) : "");
          const person = people.get(role) ?? null;
          const headers: Record<string, string> = person
            ? personHeaders(person)
            : { origin: TEST_PUBLIC_URL };
          const withBody = route.method === "POST" || route.method === "PATCH";
          const context = `${role} ${route.method} ${url.slice(0, 200)} ${raw ? raw.payload.slice(0, 60) : JSON.stringify(body)?.slice(0, 200)}`;
          const before = await writeCounts(test.app);
          const response = await test.app.inject({
            method: route.method,
            url,
            headers: withBody
              ? { ...headers, "content-type": raw?.contentType ?? "application/json" }
              : headers,
            ...(withBody ? { payload: raw ? raw.payload : JSON.stringify(body ?? null) } : {}),
          });
          expect(response.statusCode, `${context} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode < 400) return;
          expect(response.json(), context).toEqual({
            error: { code: expect.any(String), message: expect.any(String) },
          });
          expect(REFUSAL_CODES, context).toContain(response.json().error.code);
          expect(await writeCounts(test.app), context).toEqual(before);
        }),
        {
          numRuns: 400,
          examples: [
            // Once Fastify's own 414 body (FST_ERR_MAX_PARAM_LENGTH), and its 400 for a malformed URL.
            [
              {
                route: { method: "DELETE", path: "/api/admin/bans/:username" },
                role: "admin",
                params: ["a".repeat(101), "x", "x"],
                body: null,
                query: undefined,
                raw: undefined,
              },
            ],
            [
              {
                route: { method: "GET", path: "/api/users/:id" },
                role: "registered",
                params: [`${RAW}%E0%A4%A`, "x", "x"],
                body: null,
                query: undefined,
                raw: undefined,
              },
            ],
            [
              {
                route: { method: "PATCH", path: "/api/users/me" },
                role: "registered",
                params: ["x", "x", "x"],
                body: PROTOTYPE_KEYS_OBJECT,
                query: undefined,
                raw: undefined,
              },
            ],
            [
              {
                route: { method: "POST", path: "/api/admin/bans" },
                role: "admin",
                params: ["x", "x", "x"],
                body: { username: "\u202Eadmin\uD800", reason: "a".repeat(301) },
                query: undefined,
                raw: undefined,
              },
            ],
          ],
        },
      );
    } finally {
      lag = monitor.stop();
    }
    expect((Object.prototype as Record<string, unknown>).isAdmin).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect((await test.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    expectNoFreeze(lag);
  }, 120_000);
});

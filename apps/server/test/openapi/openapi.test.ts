import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_ROLES } from "../../src/lib/route-roles";
import { startTestApp, type TestApp } from "../helpers/test-app";

interface Operation {
  "x-roles"?: string[];
  responses?: Record<string, unknown>;
  requestBody?: unknown;
  parameters?: Array<{ in: string; name: string }>;
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Fastify's `/a/:id` and `/a/*` as OpenAPI writes them: `/a/{id}` and `/a/{*}`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, "{$1}").replace(/\*$/, "{*}");
}

describe("the OpenAPI document at /api/openapi.json (issue #41 §3)", () => {
  let test: TestApp;
  let document: OpenApiDocument;
  const routes: Array<{ method: string; url: string }> = [];

  beforeAll(async () => {
    test = await startTestApp({
      // Every optional route on: the metrics (the dev outbox is on for a local PUBLIC_URL).
      env: { METRICS_TOKEN: "scrape-token-0123456789" },
      onRoute: (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) routes.push({ method: method.toLowerCase(), url: route.url });
      },
    });
    const response = await test.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await test.close();
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists every route the app registers, with who may call it and its error answers", async () => {
    const listed = routes.filter((route) => route.method !== "head" && route.method !== "options");
    expect(listed.length).toBeGreaterThan(60);
    const missing = listed.filter((route) => !document.paths[openApiPath(route.url)]?.[route.method]);
    expect(missing).toEqual([]);

    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation["x-roles"]?.length, where).toBe(1);
        expect(ROUTE_ROLES, where).toContain(operation["x-roles"]?.[0]);
        expect(Object.keys(operation.responses ?? {}), where).toEqual(expect.arrayContaining(["400", "500"]));
      }
    }
  });

  it("says which role each guarded route needs, and documents bodies, queries and parameters", () => {
    const roleOf = (method: string, path: string) => document.paths[path]?.[method]?.["x-roles"]?.[0];
    expect(roleOf("get", "/api/health")).toBe("anyone");
    expect(roleOf("patch", "/api/users/me")).toBe("signed-in");
    expect(roleOf("get", "/api/friends")).toBe("registered");
    expect(roleOf("post", "/api/blocks")).toBe("registered");
    expect(roleOf("get", "/api/admin/bans")).toBe("admin");
    expect(roleOf("get", "/api/confessions")).toBe("signed-in");
    expect(document.paths["/api/users/me"]?.patch?.responses).toHaveProperty("401");
    expect(document.paths["/api/friends"]?.get?.responses).toHaveProperty("403");
    expect(document.paths["/api/blocks"]?.post?.requestBody).toBeDefined();
    // Routes that parse in the handler are documented with the same shared schemas.
    expect(document.paths["/api/accounts/sign-up"]?.post?.requestBody).toBeDefined();
    expect(JSON.stringify(document.paths["/api/users/me/avatar"]?.post?.requestBody)).toContain(
      "multipart/form-data",
    );
    expect(document.paths["/api/users/check-username"]?.get?.parameters?.map((p) => p.name)).toContain(
      "username",
    );
    expect(document.paths["/api/admin/reports"]?.get?.parameters?.map((p) => p.in)).toContain("query");
    expect(document.paths["/api/conversations/{partnerId}"]?.get?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: "path", name: "partnerId" })]),
    );
  });
});

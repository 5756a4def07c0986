import { API_ERROR_MESSAGES } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRegistered, requestAs, type TestPerson } from "../fixtures/group-fixtures";
import { startTestApp, type TestApp } from "../helpers/test-app";

/**
 * PostgreSQL text cannot hold a NUL character: one in a path parameter or a query reached the database
 * as a 500 (the route fuzzer's counterexample `DELETE /api/admin/bans/a%00b`). It is refused at the door
 * with `bad_request`, wherever it is in the request.
 */
describe("a NUL anywhere in a request", () => {
  let test: TestApp;
  let admin: TestPerson;

  beforeAll(async () => {
    test = await startTestApp({ env: { AUTH_RATE_LIMIT_SCALE: "100" } });
    admin = await createRegistered(test.app, "nul_admin", { isAdmin: true });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const badRequest = { error: { code: "bad_request", message: API_ERROR_MESSAGES.bad_request } };

  it("is refused in a path parameter, a query and a body, before any query runs", async () => {
    for (const [method, url, payload] of [
      ["DELETE", "/api/admin/bans/a%00b", undefined],
      ["GET", "/api/group/messages?before=1%00", undefined],
      ["POST", "/api/admin/bans", { username: "a\u0000b" }],
    ] as const) {
      const response = await requestAs(test.app, admin, method, url, payload);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 400,
        body: badRequest,
      });
    }
  });
});

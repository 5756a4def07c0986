import type { AccountUser } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";
import { START_TIMEOUT_MS } from "./accounts-client";

describe("GET /api/accounts/me", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  it("answers null without a session", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/accounts/me" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
  });

  it("maps the signed-in row to the app's user", async () => {
    const signIn = await test.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/anonymous",
      headers: { origin: TEST_PUBLIC_URL, "content-type": "application/json" },
      payload: {},
    });
    const cookies = [signIn.headers["set-cookie"] ?? []].flat();
    const cookie = cookies.map((value) => value.split(";")[0]).join("; ");
    const response = await test.app.inject({ method: "GET", url: "/api/accounts/me", headers: { cookie } });
    const { user } = response.json<{ user: AccountUser }>();
    expect(user).toMatchObject({ isGuest: true, isAdmin: false, email: null, conversionAttempts: 0 });
    expect(typeof user.createdAt).toBe("number");
  });
});

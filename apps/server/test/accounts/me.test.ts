import type { AccountUser } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGuestUser } from "../fixtures/users";
import { startTestApp, type TestApp } from "../helpers/test-app";
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
    const { cookie } = await createGuestUser(test.app);
    const response = await test.app.inject({ method: "GET", url: "/api/accounts/me", headers: { cookie } });
    const { user } = response.json<{ user: AccountUser }>();
    expect(user).toMatchObject({ isGuest: true, isAdmin: false, email: null, conversionAttempts: 0 });
    expect(typeof user.createdAt).toBe("number");
  });
});

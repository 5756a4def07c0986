import { AUTH_ERROR_MESSAGES, FORGOT_PASSWORD_MESSAGES } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_LIMITS } from "../../src/features/accounts/account-limits";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { AccountsClient, ADULT_DOB, NO_HUMAN_CHECK_ENV, START_TIMEOUT_MS } from "./accounts-client";

describe("accounts: abuse limits (issue #3 §10, spec §8 texts)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: NO_HUMAN_CHECK_ENV });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  it("locks an address after repeated failed sign-ins, even with the right password, from any IP", async () => {
    const owner = new AccountsClient(test.app, "10.0.0.1");
    await owner.post("/api/accounts/sign-up", {
      username: "Locked_Out",
      email: "locked@example.com",
      password: "right-pass",
      dob: ADULT_DOB,
      gender: "female",
    });
    for (let attempt = 0; attempt < ACCOUNT_LIMITS.signInFailuresPerAccount.points; attempt += 1) {
      const ip = `10.0.1.${attempt}`;
      const wrong = await new AccountsClient(test.app, ip).post("/api/accounts/sign-in", {
        email: "locked@example.com",
        password: "wrong-pass",
      });
      expect(wrong.statusCode).toBe(401);
    }
    const blocked = await new AccountsClient(test.app, "10.0.2.1").post("/api/accounts/sign-in", {
      email: "LOCKED@example.com",
      password: "right-pass",
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({
      code: "rate_limited",
      message: AUTH_ERROR_MESSAGES["too-many-requests"],
    });
  });

  it("limits guest creation per IP; other IPs are unaffected", async () => {
    const ip = "10.0.3.1";
    await new AccountsClient(test.app, ip).post("/api/accounts/guest", {
      username: "First_Guest",
      dob: ADULT_DOB,
      gender: "male",
    });
    // Requests that pass validation spend a point even when they fail later (taken name): cheap to repeat.
    for (let index = 1; index < ACCOUNT_LIMITS.guestPerIp.points; index += 1) {
      const response = await new AccountsClient(test.app, ip).post("/api/accounts/guest", {
        username: "First_Guest",
        dob: ADULT_DOB,
        gender: "male",
      });
      expect(response.statusCode).toBe(409);
    }
    const limited = await new AccountsClient(test.app, ip).post("/api/accounts/guest", {
      username: "New_Guest",
      dob: ADULT_DOB,
      gender: "male",
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("rate_limited");
    const elsewhere = await new AccountsClient(test.app, "10.0.3.2").post("/api/accounts/guest", {
      username: "New_Guest",
      dob: ADULT_DOB,
      gender: "male",
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("limits password-reset requests per address with the spec's text", async () => {
    const email = "reset-spam@example.com";
    for (let index = 0; index < ACCOUNT_LIMITS.forgotPerAccount.points; index += 1) {
      const response = await new AccountsClient(test.app, `10.0.4.${index}`).post(
        "/api/accounts/forgot-password",
        { email },
      );
      expect(response.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGES.success });
    }
    const limited = await new AccountsClient(test.app, "10.0.4.99").post("/api/accounts/forgot-password", {
      email,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: "rate_limited",
      message: FORGOT_PASSWORD_MESSAGES.tooManyRequests,
    });
  });

  it("limits sign-ups per IP", async () => {
    const ip = "10.0.5.1";
    const body = {
      username: "Sign_Spam",
      email: "signspam@example.com",
      password: "secret-pass",
      dob: ADULT_DOB,
      gender: "male",
    };
    await new AccountsClient(test.app, ip).post("/api/accounts/sign-up", body);
    for (let index = 1; index < ACCOUNT_LIMITS.signUpPerIp.points; index += 1) {
      expect((await new AccountsClient(test.app, ip).post("/api/accounts/sign-up", body)).statusCode).toBe(
        409,
      );
    }
    const limited = await new AccountsClient(test.app, ip).post("/api/accounts/sign-up", body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(AUTH_ERROR_MESSAGES["too-many-requests"]);
  });

  it("refuses account POSTs without our Origin (CSRF), before doing anything", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/accounts/guest",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      payload: { username: "Csrf_Guest", dob: ADULT_DOB, gender: "male" },
    });
    expect(response.statusCode).toBe(403);
    const bare = await test.app.inject({ method: "POST", url: "/api/accounts/sign-out", payload: {} });
    expect(bare.statusCode).toBe(403);
  });
});

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

  const signUp = (ip: string, username: string, email: string) =>
    new AccountsClient(test.app, ip).post("/api/accounts/sign-up", {
      username,
      email,
      password: "right-pass",
      dob: ADULT_DOB,
      gender: "female",
    });
  const signIn = (ip: string, email: string, password: string) =>
    new AccountsClient(test.app, ip).post("/api/accounts/sign-in", { email, password });
  const tooMany = { code: "rate_limited", message: AUTH_ERROR_MESSAGES["too-many-requests"] };

  // Every sign-in is a password check on the hashing threads: slow when the machine is shared.
  const SIGN_IN_HEAVY = { timeout: 120_000 };

  it(
    "ten wrong passwords lock the address for the client that sent them, not for its owner elsewhere",
    SIGN_IN_HEAVY,
    async () => {
      await signUp("10.0.0.1", "Locked_Out", "locked@example.com");
      for (let attempt = 0; attempt < ACCOUNT_LIMITS.signInFailuresPerClient.points; attempt += 1) {
        const wrong = await signIn("10.0.1.1", "locked@example.com", "wrong-pass");
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json().error.message).toBe(AUTH_ERROR_MESSAGES["invalid-credential"]);
      }
      // The guessing client is locked out, even with the right password…
      const blocked = await signIn("10.0.1.1", "LOCKED@example.com", "right-pass");
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toEqual(tooMany);
      // …and the owner, from another address, still signs in.
      const owner = await signIn("10.0.2.1", "locked@example.com", "right-pass");
      expect(owner.statusCode).toBe(200);
      expect(owner.json().user.username).toBe("Locked_Out");
    },
  );

  // A hundred password checks: the clients guess side by side, as a spread-out attacker would.
  it("past the looser cap for the address, wrong passwords from many clients lock it for every client", {
    timeout: 240_000,
  }, async () => {
    await signUp("10.0.0.2", "Spread_Out", "spread@example.com");
    const { signInFailuresPerClient: perClient, signInFailuresPerAccount: perAccount } = ACCOUNT_LIMITS;
    expect(perAccount.points).toBeGreaterThan(perClient.points);
    const clients = Math.ceil(perAccount.points / perClient.points);
    const guesses = async (client: number) => {
      for (let attempt = 0; attempt < perClient.points; attempt += 1) {
        const wrong = await signIn(`10.0.3.${client}`, "spread@example.com", "wrong-pass");
        expect(wrong.statusCode).toBe(401);
      }
    };
    await Promise.all(Array.from({ length: clients }, (_, client) => guesses(client)));
    const blocked = await signIn("10.0.4.1", "spread@example.com", "right-pass");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual(tooMany);
    // Other addresses are not affected.
    await signUp("10.0.0.3", "Untouched", "untouched@example.com");
    expect((await signIn("10.0.4.1", "untouched@example.com", "right-pass")).statusCode).toBe(200);
  });

  it("a sign-in that succeeds clears the client's count of failures", SIGN_IN_HEAVY, async () => {
    await signUp("10.0.0.4", "Typo_Prone", "typo@example.com");
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < ACCOUNT_LIMITS.signInFailuresPerClient.points - 1; attempt += 1) {
        expect((await signIn("10.0.5.1", "typo@example.com", "wrong-pass")).statusCode).toBe(401);
      }
      expect((await signIn("10.0.5.1", "typo@example.com", "right-pass")).statusCode).toBe(200);
    }
  });

  it("limits opened verification links per IP", async () => {
    const ip = "10.0.6.1";
    for (let index = 0; index < ACCOUNT_LIMITS.verifyPerIp.points; index += 1) {
      const response = await new AccountsClient(test.app, ip).get("/api/accounts/verify-email?token=a.b.c");
      expect(response.statusCode).toBe(302);
    }
    const limited = await new AccountsClient(test.app, ip).get("/api/accounts/verify-email?token=a.b.c");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual(tooMany);
    const elsewhere = await new AccountsClient(test.app, "10.0.6.2").get(
      "/api/accounts/verify-email?token=a.b.c",
    );
    expect(elsewhere.statusCode).toBe(302);
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

import { VALIDATION_MESSAGES } from "@heartline/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/db/schema";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { AccountsClient, ADULT_DOB, NO_HUMAN_CHECK_ENV, START_TIMEOUT_MS } from "./accounts-client";

/**
 * Issue #14, "Safety and honesty": reserved and look-alike names, real dates of birth and the 10,000 most
 * common passwords are refused for guests, sign-up, upgrades and password changes — each with its own
 * reason, and nothing is created or changed by a refusal.
 */
describe("accounts: reserved and look-alike names, dates of birth, common passwords (issue #14)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: { ...NO_HUMAN_CHECK_ENV, AUTH_RATE_LIMIT_SCALE: "100" } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  const client = () => new AccountsClient(test.app);
  const userCount = async () =>
    Number((await test.app.db.select({ n: sql<number>`count(*)` }).from(user))[0]?.n ?? 0);
  const guestBody = (username: string, dob = ADULT_DOB) => ({ username, dob, gender: "male" });
  const signUpBody = (overrides: Record<string, unknown>) => ({
    username: "Quiet_Fox",
    email: "quiet.fox@example.com",
    password: "a-long-unusual-pass",
    dob: ADULT_DOB,
    gender: "female",
    ...overrides,
  });
  const expectRefusal = (
    response: { statusCode: number; json: () => { error: { code: string; message: string } } },
    status: number,
    code: string,
    message: string,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toEqual({ code, message });
  };

  it.each(["admin", "Adm1n", "st4ff", "S-Y-S-T-E-M", "support99", "HeartLine_Team"])(
    "refuses the reserved name %s for a guest and for sign-up, creating nobody",
    async (name) => {
      const before = await userCount();
      expectRefusal(
        await client().post("/api/accounts/guest", guestBody(name)),
        400,
        "bad_request",
        VALIDATION_MESSAGES.usernameReserved,
      );
      expectRefusal(
        await client().post("/api/accounts/sign-up", signUpBody({ username: name })),
        400,
        "bad_request",
        VALIDATION_MESSAGES.usernameReserved,
      );
      expect(await userCount()).toBe(before);
    },
  );

  it("refuses a date of birth more than 120 years ago (1850), and takes one of 100 years ago", async () => {
    const before = await userCount();
    expectRefusal(
      await client().post("/api/accounts/guest", guestBody("Old_Timer", "1850-01-01")),
      400,
      "bad_request",
      VALIDATION_MESSAGES.dobTooOld,
    );
    expect(await userCount()).toBe(before);
    const centenarian = `${new Date().getFullYear() - 100}-01-01`;
    expect((await client().post("/api/accounts/guest", guestBody("Old_Timer", centenarian))).statusCode).toBe(
      200,
    );
  });

  it("refuses names that read like an existing user's, for guests, sign-up, upgrades and the live check", async () => {
    const holder = client();
    expect((await holder.post("/api/accounts/guest", guestBody("John_Doe"))).statusCode).toBe(200);
    const before = await userCount();
    for (const name of ["j0hn-d0e", "JOHNDOE", "J0HN_D0E"]) {
      expectRefusal(
        await client().post("/api/accounts/guest", guestBody(name)),
        409,
        "conflict",
        VALIDATION_MESSAGES.usernameLookAlike,
      );
    }
    expectRefusal(
      await client().post("/api/accounts/sign-up", signUpBody({ username: "johnd0e" })),
      409,
      "conflict",
      VALIDATION_MESSAGES.usernameLookAlike,
    );
    expect(await userCount()).toBe(before);
    const check = await client().get("/api/users/check-username?username=j0hn_doe");
    expect(check.json()).toEqual({ available: false, message: VALIDATION_MESSAGES.usernameLookAlike });
    const same = await client().get("/api/users/check-username?username=john_doe&for=guest");
    expect(same.json()).toEqual({ available: false, message: VALIDATION_MESSAGES.usernameTaken });
    expect((await client().get("/api/users/check-username?username=jane_doe")).json()).toEqual({
      available: true,
    });

    // A guest upgrading to a look-alike of someone else's name is refused; keeping its own name is not.
    const upgrader = client();
    expect((await upgrader.post("/api/accounts/guest", guestBody("Upgrader"))).statusCode).toBe(200);
    expectRefusal(
      await upgrader.post(
        "/api/accounts/sign-up",
        signUpBody({ username: "J0hnDoe", email: "upgrader@example.com" }),
      ),
      409,
      "conflict",
      VALIDATION_MESSAGES.usernameLookAlike,
    );
    const kept = await upgrader.post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Upgrader", email: "upgrader@example.com" }),
    );
    expect(kept.statusCode).toBe(200);
    expect(kept.json().mode).toBe("upgrade");
  });

  it("refuses a common password at sign-up, upgrade and change, whatever its case", async () => {
    const before = await userCount();
    for (const password of ["password1", "QWERTY123", "sunshine"]) {
      expectRefusal(
        await client().post("/api/accounts/sign-up", signUpBody({ username: "Common_Pw", password })),
        400,
        "bad_request",
        VALIDATION_MESSAGES.passwordTooCommon,
      );
    }
    expect(await userCount()).toBe(before);

    const guest = client();
    expect((await guest.post("/api/accounts/guest", guestBody("Pw_Guest"))).statusCode).toBe(200);
    expectRefusal(
      await guest.post(
        "/api/accounts/sign-up",
        signUpBody({ username: "Pw_Guest", email: "pw.guest@example.com", password: "iloveyou1" }),
      ),
      400,
      "bad_request",
      VALIDATION_MESSAGES.passwordTooCommon,
    );

    const member = client();
    const signedUp = await member.post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Pw_Member", email: "pw.member@example.com" }),
    );
    expect(signedUp.statusCode).toBe(200);
    expectRefusal(
      await member.post("/api/accounts/change-password", {
        currentPassword: "a-long-unusual-pass",
        newPassword: "password1",
      }),
      400,
      "bad_request",
      VALIDATION_MESSAGES.passwordTooCommon,
    );
    // The refused change changed nothing: the old password still signs in.
    const signIn = await client().post("/api/accounts/sign-in", {
      email: "pw.member@example.com",
      password: "a-long-unusual-pass",
    });
    expect(signIn.statusCode).toBe(200);
  });
});

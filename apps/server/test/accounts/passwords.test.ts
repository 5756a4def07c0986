import { FORGOT_PASSWORD_MESSAGES, RESEND_VERIFICATION_MESSAGES } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, type TestApp, waitForConnect } from "../helpers/test-app";
import {
  AccountsClient,
  ADULT_DOB,
  latestMail,
  NO_HUMAN_CHECK_ENV,
  START_TIMEOUT_MS,
  waitForMail,
} from "./accounts-client";

const RESET_SUBJECT = "Reset your Heartline password";

describe("accounts: resend, forgot, reset and change password (spec §4, §8)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: NO_HUMAN_CHECK_ENV });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  const client = () => new AccountsClient(test.app);
  async function registered(username: string, email: string, password = "secret-pass") {
    const visitor = client();
    const response = await visitor.post("/api/accounts/sign-up", {
      username,
      email,
      password,
      dob: ADULT_DOB,
      gender: "other",
    });
    expect(response.statusCode).toBe(200);
    return visitor;
  }

  it("resends the verification e-mail once per 60 s, and needs a session", async () => {
    const visitor = await registered("Resender", "resend@example.com");
    const first = await visitor.post("/api/accounts/resend-verification");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true });
    const second = await visitor.post("/api/accounts/resend-verification");
    expect(second.statusCode).toBe(429);
    expect(second.json().error).toEqual({
      code: "rate_limited",
      message: RESEND_VERIFICATION_MESSAGES.tooManyRequests,
    });

    const anonymous = await client().post("/api/accounts/resend-verification");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe(RESEND_VERIFICATION_MESSAGES.sessionExpired);
  });

  it("answers forgot-password the same whether or not the account exists, and mails only real accounts", async () => {
    await registered("Forgetful", "forgetful@example.com");
    const known = await client().post("/api/accounts/forgot-password", { email: "forgetful@example.com" });
    const unknown = await client().post("/api/accounts/forgot-password", { email: "ghost@example.com" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGES.success });
    expect(unknown.json()).toEqual(known.json());
    // The reset mail goes out after the answer (the answer's timing tells nothing).
    const mail = await waitForMail(test.app, "forgetful@example.com", RESET_SUBJECT);
    expect(await latestMail(test.app, "ghost@example.com")).toBeNull();
    expect(mail?.subject).toBe("Reset your Heartline password");
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost:3000\/\?resetToken=[^&]+$/);
  });

  it("resets the password with the e-mailed token: the new one works, the old one and the token stop working", async () => {
    const original = await registered("Resetter", "resetter@example.com", "old-password");
    const socket = test.client({ extraHeaders: { cookie: original.cookieHeader } });
    const session = nextEvent(socket, "session");
    await waitForConnect(socket);
    expect((await session).isVisitor).toBe(false);
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    await client().post("/api/accounts/forgot-password", { email: "resetter@example.com" });
    const link = new URL((await waitForMail(test.app, "resetter@example.com", RESET_SUBJECT)).links[0] ?? "");
    const token = link.searchParams.get("resetToken") ?? "";
    const reset = await client().post("/api/accounts/reset-password", { token, newPassword: "new-password" });
    expect(reset.statusCode).toBe(200);
    expect(await closed).toBe("io server disconnect");

    const signIn = (password: string) =>
      client().post("/api/accounts/sign-in", { email: "resetter@example.com", password });
    expect((await signIn("old-password")).statusCode).toBe(401);
    expect((await signIn("new-password")).statusCode).toBe(200);
    const reused = await client().post("/api/accounts/reset-password", {
      token,
      newPassword: "third-password",
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(
      "This link is invalid or has expired. Please request a new one.",
    );
    // A reset ends the sessions that were open with the old password.
    expect((await original.get("/api/accounts/me")).json().user).toBeNull();
  });

  it("a password change ends every other session and closes its sockets; this browser stays signed in", async () => {
    const here = await registered("Two_Places", "two.places@example.com", "first-pass");
    const there = client();
    const signIn = await there.post("/api/accounts/sign-in", {
      email: "two.places@example.com",
      password: "first-pass",
    });
    expect(signIn.statusCode).toBe(200);
    const socketOf = async (visitor: AccountsClient) => {
      const socket = test.client({ extraHeaders: { cookie: visitor.cookieHeader } });
      const said = nextEvent(socket, "session");
      await waitForConnect(socket);
      expect((await said).isVisitor).toBe(false);
      return socket;
    };
    const hereSocket = await socketOf(here);
    const thereSocket = await socketOf(there);
    const thereClosed = new Promise<string>((resolve) => thereSocket.once("disconnect", resolve));

    const changed = await here.post("/api/accounts/change-password", {
      currentPassword: "first-pass",
      newPassword: "second-pass",
    });
    expect(changed.statusCode).toBe(200);
    expect(await thereClosed).toBe("io server disconnect");
    expect((await there.get("/api/accounts/me")).json().user).toBeNull();
    expect((await here.get("/api/accounts/me")).json().user.username).toBe("Two_Places");
    // This browser's socket still acts for the user: its session is the one kept. (The first event
    // after the handshake may stand on the handshake's read; the second re-reads the session.)
    for (let event = 0; event < 2; event += 1) {
      const answer = (await hereSocket.timeout(5_000).emitWithAck("check_if_banned", {})) as { ok: boolean };
      expect(answer.ok).toBe(true);
    }
    expect(hereSocket.connected).toBe(true);
    hereSocket.disconnect();

    // The browser signed out still holds its ended session's cookie: it signs in again with the new
    // password and is signed in (Better Auth alone would answer 200 and clear the new cookie).
    const again = await there.post("/api/accounts/sign-in", {
      email: "two.places@example.com",
      password: "second-pass",
    });
    expect(again.statusCode).toBe(200);
    expect(there.cookieHeader).toContain("session_token=");
    expect((await there.get("/api/accounts/me")).json().user.username).toBe("Two_Places");
  });

  it("changes the password of the signed-in user after checking the current one", async () => {
    const visitor = await registered("Changer", "changer@example.com", "first-pass");
    const wrong = await visitor.post("/api/accounts/change-password", {
      currentPassword: "nope-nope",
      newPassword: "second-pass",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe("Your current password is not correct.");
    const short = await visitor.post("/api/accounts/change-password", {
      currentPassword: "first-pass",
      newPassword: "123",
    });
    expect(short.json().error.message).toBe("Password must be at least 6 characters");
    const ok = await visitor.post("/api/accounts/change-password", {
      currentPassword: "first-pass",
      newPassword: "second-pass",
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (
        await client().post("/api/accounts/sign-in", {
          email: "changer@example.com",
          password: "second-pass",
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await client().post("/api/accounts/change-password", { currentPassword: "x", newPassword: "yyyyyy" }))
        .statusCode,
    ).toBe(401);
  });
});

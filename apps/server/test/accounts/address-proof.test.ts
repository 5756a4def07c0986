import { AUTH_ERROR_MESSAGES, VERIFICATION_LANDINGS } from "@heartline/shared";
import { createEmailVerificationToken } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, deletedUsers, session, user } from "../../src/db/schema";
import { nextEvent } from "../helpers/socket-events";
import {
  startTestApp,
  TEST_AUTH_SECRET,
  type TestApp,
  type TestClient,
  waitForConnect,
} from "../helpers/test-app";
import {
  AccountsClient,
  ADULT_DOB,
  followLink,
  latestMail,
  NO_HUMAN_CHECK_ENV,
  RESET_SUBJECT,
  resetTokenOf,
  START_TIMEOUT_MS,
  VERIFY_SUBJECT,
  waitForMail,
} from "./accounts-client";

/**
 * Pre-account takeover (issue #33, ADR 0017): a password set before anyone proved the address is not
 * trusted. The e-mailed link signs in only the browser that signed up; opened anywhere else it proves
 * the address, ends every session and the password and mails a reset link. The owner's own sign-up
 * takes an unproven address back.
 */
describe("accounts: a password counts only once its address is proven (ADR 0017)", () => {
  let test: TestApp;
  let nextIp = 1;

  beforeAll(async () => {
    test = await startTestApp({ env: { ...NO_HUMAN_CHECK_ENV, AUTH_RATE_LIMIT_SCALE: "100" } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  /** A browser of its own, on an address of its own. */
  const browser = () => new AccountsClient(test.app, `10.33.0.${nextIp++}`);
  const me = async (client: AccountsClient) => (await client.get("/api/accounts/me")).json().user;
  const rowByEmail = async (email: string) =>
    (await test.app.db.select().from(user).where(eq(user.email, email)))[0];
  const sessionsOf = async (userId: string) =>
    test.app.db.select().from(session).where(eq(session.userId, userId));
  const credentialOf = async (userId: string) =>
    test.app.db
      .select()
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));

  async function signUp(client: AccountsClient, username: string, email: string, password: string) {
    const response = await client.post("/api/accounts/sign-up", {
      username,
      email,
      password,
      dob: ADULT_DOB,
      gender: "female",
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().user as { id: string; username: string };
  }
  async function signIn(client: AccountsClient, email: string, password: string) {
    return client.post("/api/accounts/sign-in", { email, password });
  }
  /** A real socket.io-client with the browser's cookie, once the server said who it is. */
  async function socketOf(client: AccountsClient): Promise<TestClient> {
    const socket = test.client({ extraHeaders: { cookie: client.cookieHeader } });
    const said = nextEvent(socket, "session");
    await waitForConnect(socket);
    expect((await said).isVisitor).toBe(false);
    return socket;
  }
  const closed = (socket: TestClient) => new Promise<string>((resolve) => socket.once("disconnect", resolve));
  const verificationLink = async (email: string) => {
    const mail = await latestMail(test.app, email);
    expect(mail?.subject).toBe(VERIFY_SUBJECT);
    return mail?.links[0] ?? "";
  };

  it("the owner's click in another browser signs nobody in, ends the squatter's sessions and password, and mails a reset link", async () => {
    const email = "victim@example.com";
    const squatter = browser();
    const { id } = await signUp(squatter, "Squatter_Acct", email, "squatter-pass");
    const squatterElsewhere = browser();
    expect((await signIn(squatterElsewhere, email, "squatter-pass")).statusCode).toBe(200);
    const squatterSocket = await socketOf(squatter);
    const squatterClosed = closed(squatterSocket);

    const owner = browser();
    const clicked = await followLink(owner, await verificationLink(email));
    expect(clicked.statusCode).toBe(302);
    expect(clicked.headers.location).toBe(VERIFICATION_LANDINGS.passwordCleared);
    // Login CSRF closed: the owner's browser is not signed in as the squatter's account.
    expect(await me(owner)).toBeNull();
    expect(owner.cookieHeader).not.toContain("session_token");

    expect(await me(squatter)).toBeNull();
    expect(await me(squatterElsewhere)).toBeNull();
    expect(await squatterClosed).toBe("io server disconnect");
    expect(await sessionsOf(id)).toEqual([]);
    expect(await credentialOf(id)).toEqual([]);
    const again = await signIn(browser(), email, "squatter-pass");
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toEqual({
      code: "unauthorized",
      message: AUTH_ERROR_MESSAGES["invalid-credential"],
    });
    expect(await rowByEmail(email)).toMatchObject({ id, emailVerified: true, isGuest: false });

    // The mailbox's owner sets the password and the account is theirs.
    const reset = await waitForMail(test.app, email, RESET_SUBJECT);
    const done = await owner.post("/api/accounts/reset-password", {
      token: resetTokenOf(reset),
      newPassword: "owners-own-pass",
    });
    expect(done.statusCode).toBe(200);
    const signedIn = await signIn(owner, email, "owners-own-pass");
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id, emailVerified: true });
  });

  it("the browser that signed up stays signed in; every other session of the account ends", async () => {
    const email = "keeper@example.com";
    const signer = browser();
    const { id } = await signUp(signer, "Keeper_Acct", email, "keeper-pass");
    const other = browser();
    expect((await signIn(other, email, "keeper-pass")).statusCode).toBe(200);
    const signerSocket = await socketOf(signer);
    const otherSocket = await socketOf(other);
    const otherClosed = closed(otherSocket);
    const updated = nextEvent(signerSocket, "account_updated");

    const link = await verificationLink(email);
    const clicked = await followLink(signer, link);
    expect(clicked.statusCode).toBe(302);
    expect(clicked.headers.location).toBe(VERIFICATION_LANDINGS.verified);
    expect(await me(signer)).toMatchObject({ id, emailVerified: true, isGuest: false });
    expect(await updated).toEqual({ userId: id });
    expect(await otherClosed).toBe("io server disconnect");
    expect(await me(other)).toBeNull();
    expect(signerSocket.connected).toBe(true);
    expect((await sessionsOf(id)).length).toBe(1);
    expect(await credentialOf(id)).toHaveLength(1);
    // No reset link: the password was proven with the address.
    expect((await latestMail(test.app, email))?.subject).toBe(VERIFY_SUBJECT);

    // A later click anywhere finds the address proven and changes nothing.
    const later = browser();
    const second = await followLink(later, link);
    expect(second.headers.location).toBe(VERIFICATION_LANDINGS.verified);
    expect(await me(later)).toBeNull();
    expect((await me(signer))?.id).toBe(id);
    expect((await signIn(browser(), email, "keeper-pass")).statusCode).toBe(200);
    signerSocket.disconnect();
  });

  it("a guest's upgrade verified from another browser ends the guest's session and the password it linked", async () => {
    const guest = browser();
    const created = await guest.post("/api/accounts/guest", {
      username: "Far_Guest",
      dob: ADULT_DOB,
      gender: "male",
    });
    const guestId = created.json().user.id as string;
    const upgraded = await guest.post("/api/accounts/sign-up", {
      username: "Far_Guest",
      email: "far.guest@example.com",
      password: "far-guest-pass",
      dob: ADULT_DOB,
      gender: "male",
    });
    expect(upgraded.json().mode).toBe("upgrade");
    const clicked = await followLink(browser(), await verificationLink("far.guest@example.com"));
    expect(clicked.headers.location).toBe(VERIFICATION_LANDINGS.passwordCleared);
    expect(await me(guest)).toBeNull();
    expect(await credentialOf(guestId)).toEqual([]);
    expect(await rowByEmail("far.guest@example.com")).toMatchObject({
      id: guestId,
      emailVerified: true,
      isGuest: false,
      isAnonymous: false,
    });
    expect((await waitForMail(test.app, "far.guest@example.com", RESET_SUBJECT)).to).toContain(
      "far.guest@example.com",
    );
  });

  it("the owner's own sign-up replaces an unverified account on the address: its sessions, password and link end", async () => {
    const email = "owner.first@example.com";
    const squatter = browser();
    const { id: squatterId } = await signUp(squatter, "Early_Bird", email, "squatter-pass");
    const squatterLink = await verificationLink(email);
    const squatterSocket = await socketOf(squatter);
    const squatterClosed = closed(squatterSocket);

    const owner = browser();
    const created = await signUp(owner, "Real_Owner", email, "owner-pass");
    expect(created.id).not.toBe(squatterId);
    expect(await me(owner)).toMatchObject({ id: created.id, username: "Real_Owner", emailVerified: false });
    expect(await squatterClosed).toBe("io server disconnect");
    expect(await me(squatter)).toBeNull();
    expect((await test.app.db.select().from(user).where(eq(user.id, squatterId)))[0]).toBeUndefined();
    expect(await test.app.db.select().from(deletedUsers).where(eq(deletedUsers.id, squatterId))).toHaveLength(
      1,
    );
    const old = await signIn(browser(), email, "squatter-pass");
    expect(old.statusCode).toBe(401);
    expect(old.json().error.message).toBe(AUTH_ERROR_MESSAGES["invalid-credential"]);
    // The squatter's link was for the account that is gone: it proves nothing about the new one.
    const stale = await followLink(browser(), squatterLink);
    expect(stale.headers.location).toBe(VERIFICATION_LANDINGS.invalid);
    expect((await rowByEmail(email))?.emailVerified).toBe(false);
    // The squatter's name is free again.
    expect(
      (await test.app.inject({ method: "GET", url: "/api/users/check-username?username=Early_Bird" })).json(),
    ).toEqual({ available: true });

    const clicked = await followLink(owner, await verificationLink(email));
    expect(clicked.headers.location).toBe(VERIFICATION_LANDINGS.verified);
    expect(await me(owner)).toMatchObject({ id: created.id, emailVerified: true });
    // Proven, the address is held for good.
    const late = await browser().post("/api/accounts/sign-up", {
      username: "Too_Late",
      email,
      password: "late-pass",
      dob: ADULT_DOB,
      gender: "male",
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual({
      code: "conflict",
      message: AUTH_ERROR_MESSAGES["email-already-in-use"],
    });
  });

  it("a guest's upgrade takes an address an unverified account holds, ending that account", async () => {
    const email = "upgrade.owner@example.com";
    const squatter = browser();
    const { id: squatterId } = await signUp(squatter, "Upgrade_Squat", email, "squatter-pass");
    const guest = browser();
    const created = await guest.post("/api/accounts/guest", {
      username: "Upgrading",
      dob: ADULT_DOB,
      gender: "male",
    });
    const guestId = created.json().user.id as string;
    const upgraded = await guest.post("/api/accounts/sign-up", {
      username: "Upgrading",
      email,
      password: "guest-own-pass",
      dob: ADULT_DOB,
      gender: "male",
    });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(upgraded.json()).toMatchObject({ mode: "upgrade", user: { id: guestId, email } });
    expect(await me(squatter)).toBeNull();
    expect((await test.app.db.select().from(user).where(eq(user.id, squatterId)))[0]).toBeUndefined();
    expect((await signIn(browser(), email, "squatter-pass")).statusCode).toBe(401);
    const clicked = await followLink(guest, await verificationLink(email));
    expect(clicked.headers.location).toBe(VERIFICATION_LANDINGS.verified);
    expect(await me(guest)).toMatchObject({ id: guestId, emailVerified: true, isGuest: false });
  });

  it("a link that is not one lands on the invalid page and proves nothing", async () => {
    const email = "forged@example.com";
    const { id } = await signUp(browser(), "Forged_Link", email, "forged-pass");
    const forged = await createEmailVerificationToken(
      "another-secret-another-secret-0123456",
      email,
      undefined,
      3600,
      {
        userId: id,
      },
    );
    const otherAccount = await createEmailVerificationToken(TEST_AUTH_SECRET, email, undefined, 3600, {
      userId: "a".repeat(24),
    });
    const expired = await createEmailVerificationToken(TEST_AUTH_SECRET, email, undefined, -10, {
      userId: id,
    });
    for (const query of [
      "",
      "?token=",
      "?token=not%20a%20token",
      `?token=${"a".repeat(2_001)}`,
      `?token=${forged}`,
      `?token=${otherAccount}`,
      `?token=${expired}`,
    ]) {
      const response = await browser().get(`/api/accounts/verify-email${query}`);
      expect(response.statusCode, query).toBe(302);
      expect(response.headers.location, query).toBe(VERIFICATION_LANDINGS.invalid);
    }
    expect((await rowByEmail(email))?.emailVerified).toBe(false);
    expect(await credentialOf(id)).toHaveLength(1);
  });

  it("Better Auth's own verification endpoint is not reachable", async () => {
    const email = "library.door@example.com";
    const { id } = await signUp(browser(), "Library_Door", email, "door-pass");
    const token = await createEmailVerificationToken(TEST_AUTH_SECRET, email, undefined, 3600, {
      userId: id,
    });
    const response = await browser().get(`/api/auth/verify-email?token=${token}&callbackURL=%2F`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("not_found");
    expect((await rowByEmail(email))?.emailVerified).toBe(false);
  });
});

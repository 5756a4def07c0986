import { existsSync } from "node:fs";
import path from "node:path";
import {
  ACCOUNT_PATHS,
  AUTH_ERROR_MESSAGES,
  type PublicProfile,
  UPGRADE_VERIFY_EMAIL_MESSAGE,
  VALIDATION_MESSAGES,
} from "@heartline/shared";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, deletedUsers, user } from "../../src/db/schema";
import { AppError } from "../../src/errors/app-error";
import { toAppError } from "../../src/features/accounts/auth-api-error";
import { multipartFile, smallPng } from "../fixtures/images";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";
import {
  AccountsClient,
  ADULT_DOB,
  followLink,
  latestMail,
  NO_HUMAN_CHECK_ENV,
  START_TIMEOUT_MS,
} from "./accounts-client";

const TAKEN = "This username is already taken. Please choose another one.";

describe("accounts: guest, sign-up, upgrade and verification (spec §4, §5)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: { ...NO_HUMAN_CHECK_ENV, AUTH_RATE_LIMIT_SCALE: "100" } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  const rowById = async (id: string) => (await test.app.db.select().from(user).where(eq(user.id, id)))[0];
  const client = () => new AccountsClient(test.app);
  const guest = async (username: string) => {
    const visitor = client();
    const response = await visitor.post("/api/accounts/guest", { username, dob: ADULT_DOB, gender: "male" });
    expect(response.statusCode).toBe(200);
    return { visitor, id: response.json().user.id as string };
  };
  const signUpBody = (overrides: Record<string, unknown> = {}) => ({
    username: "Night_Owl",
    email: "night.owl@example.com",
    password: "secret-pass",
    dob: ADULT_DOB,
    gender: "female",
    ...overrides,
  });

  it("makes a guest with the chosen username, date of birth and gender, signed in", async () => {
    const { visitor, id } = await guest("Moon_Child");
    expect(await rowById(id)).toMatchObject({
      username: "moon_child",
      displayUsername: "Moon_Child",
      usernameLower: "moon_child",
      dob: ADULT_DOB,
      gender: "male",
      isGuest: true,
      isAnonymous: true,
      emailVerified: false,
    });
    const me = (await visitor.get("/api/accounts/me")).json().user;
    expect(me).toMatchObject({ id, username: "Moon_Child", isGuest: true, email: null, isAdmin: false });
  });

  it("refuses a username taken in another case, for guests and for sign-up", async () => {
    await guest("Case_Taker");
    const again = await client().post("/api/accounts/guest", {
      username: "CASE_taker",
      dob: ADULT_DOB,
      gender: "male",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: "conflict", message: TAKEN });
    await client().post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Reg_User", email: "reg@example.com" }),
    );
    const clash = await client().post(
      "/api/accounts/sign-up",
      signUpBody({ username: "REG_USER", email: "x@example.com" }),
    );
    expect(clash.json().error.message).toBe(TAKEN);
  });

  it("enforces every §5 form rule with its exact text, changing nothing", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: "" }, VALIDATION_MESSAGES.usernameRequired],
      [{ username: "ab" }, VALIDATION_MESSAGES.usernameTooShort],
      [{ username: "a".repeat(21) }, VALIDATION_MESSAGES.usernameTooLong],
      [{ username: "night owl" }, VALIDATION_MESSAGES.usernameCharset],
      [{ email: "" }, VALIDATION_MESSAGES.emailRequired],
      [{ email: "not-an-email" }, VALIDATION_MESSAGES.emailInvalid],
      [{ password: "12345" }, VALIDATION_MESSAGES.signUpPasswordTooShort],
      [{ dob: "" }, VALIDATION_MESSAGES.dobRequired],
      [
        { dob: new Date(Date.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10) },
        VALIDATION_MESSAGES.underAge,
      ],
      [{ gender: "robot" }, VALIDATION_MESSAGES.genderRequired],
    ];
    const before = await test.app.db.select({ id: user.id }).from(user);
    for (const [override, message] of cases) {
      const response = await client().post(
        "/api/accounts/sign-up",
        signUpBody({ username: "Rule_Check", ...override }),
      );
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    // Exactly 20 characters passes (spec §5).
    const twenty = await client().post(
      "/api/accounts/sign-up",
      signUpBody({ username: "t".repeat(20), email: "twenty@example.com" }),
    );
    expect(twenty.statusCode).toBe(200);
    const after = await test.app.db.select({ id: user.id }).from(user);
    expect(after.length).toBe(before.length + 1);
  });

  it("signs a new account up unverified and signed in, removing a signed-out guest with the same username", async () => {
    const { visitor: leaving, id: guestId } = await guest("Star_Gazer");
    expect((await leaving.post("/api/accounts/sign-out")).statusCode).toBe(200);
    const visitor = client();
    const response = await visitor.post(
      "/api/accounts/sign-up",
      signUpBody({ username: "star_GAZER", email: "Star@Example.com" }),
    );
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.mode).toBe("new");
    expect(result.user).toMatchObject({
      username: "star_GAZER",
      email: "star@example.com",
      isGuest: false,
      emailVerified: false,
    });
    expect(await rowById(guestId)).toBeUndefined();
    expect((await visitor.get("/api/accounts/me")).json().user.id).toBe(result.user.id);

    const mail = await latestMail(test.app, "star@example.com");
    expect(mail?.subject).toBe("Verify your email for Heartline");
    expect(mail?.html).toContain("Verify Email");
    expect(mail?.text).toContain(mail?.links[0]);

    // Once the address is proven, it is held for good (an unproven one goes to its owner, ADR 0017).
    await followLink(visitor, mail?.links[0] ?? "");
    const duplicate = await client().post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Other_Name", email: "star@example.com" }),
    );
    expect(duplicate.json().error).toEqual({
      code: "conflict",
      message: "An account with this email already exists.",
    });
  });

  it("keeps the signed-out guest holding the name when Better Auth refuses the sign-up", async () => {
    const { visitor, id: guestId } = await guest("Keep_Me");
    // Signed out, the guest's name is free for a sign-up (a signed-in guest keeps it: guest-names.test.ts).
    expect((await visitor.post("/api/accounts/sign-out")).statusCode).toBe(200);
    // The shared pattern lets two dots through; Better Auth's own e-mail check refuses them.
    const refused = await client().post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Keep_Me", email: "keep..me@example.com" }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: "bad_request",
      message: AUTH_ERROR_MESSAGES["invalid-email"],
    });
    expect(refused.json().error.message).toBe("Please enter a valid email address.");
    expect(await rowById(guestId)).toMatchObject({
      username: "keep_me",
      usernameLower: "keep_me",
      displayUsername: "Keep_Me",
      isGuest: true,
    });
    expect(await test.app.db.select().from(deletedUsers).where(eq(deletedUsers.id, guestId))).toEqual([]);
    // The name is still the guest's: a new guest cannot take it.
    const clash = await client().post("/api/accounts/guest", {
      username: "keep_me",
      dob: ADULT_DOB,
      gender: "male",
    });
    expect(clash.json().error).toEqual({ code: "conflict", message: TAKEN });
  });

  it("answers Better Auth's too-long password with the shared catalogue's text", () => {
    const mapped = toAppError(
      new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_LONG", message: "Password too long" }),
    );
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped).toMatchObject({ code: "bad_request", message: VALIDATION_MESSAGES.passwordTooLong });
    expect((mapped as AppError).message).toBe("Password must be at most 128 characters long");
  });

  it("deletes a guest who signs in to an account the product's way: files gone, tombstone, sockets closed", async () => {
    await client().post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Home_Base", email: "home.base@example.com" }),
    );
    const { visitor, id: guestId } = await guest("Passing_By");
    const picture = multipartFile(await smallPng());
    const uploaded = await test.app.inject({
      method: "POST",
      url: ACCOUNT_PATHS.myAvatar,
      headers: { cookie: visitor.cookieHeader, origin: TEST_PUBLIC_URL, ...picture.headers },
      payload: picture.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const pictureUrl = new URL(uploaded.json().user.profileImage, TEST_PUBLIC_URL);
    const folder = path.join(test.dataDir, "uploads", "users", guestId);
    expect(existsSync(folder)).toBe(true);
    const guestSocket = await test.connect({
      extraHeaders: { cookie: visitor.cookieHeader, origin: TEST_PUBLIC_URL },
    });
    const closed = new Promise<string>((resolve) => guestSocket.once("disconnect", resolve));
    // Its own sockets hear of it (a stranger does not: test/security/anonymity-by-sequence.test.ts).
    const deleted = nextEvent(guestSocket, "user_deleted", (payload) => payload.userId === guestId);

    const signedIn = await visitor.post("/api/accounts/sign-in", {
      email: "home.base@example.com",
      password: "secret-pass",
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.username).toBe("Home_Base");

    expect(await rowById(guestId)).toBeUndefined();
    expect(await test.app.db.select().from(deletedUsers).where(eq(deletedUsers.id, guestId))).toHaveLength(1);
    expect(existsSync(folder)).toBe(false);
    expect((await test.app.inject({ method: "GET", url: pictureUrl.pathname })).statusCode).toBe(404);
    await expect(deleted).resolves.toEqual({ userId: guestId });
    await expect(closed).resolves.toBe("io server disconnect");
    const seen = await visitor.get(ACCOUNT_PATHS.user(guestId));
    expect(seen.statusCode).toBe(200);
    expect(seen.json<PublicProfile>()).toMatchObject({ isDeleted: true, username: "Deleted User" });
  });

  it("lets the owner of an address sign up over a guest's unverified claim on it", async () => {
    const { visitor: squatter, id: squatterId } = await guest("Squatter");
    const claim = await squatter.post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Squatter", email: "owner@example.com", password: "squat-pass" }),
    );
    expect(claim.json().mode).toBe("upgrade");

    const owner = client();
    const signedUp = await owner.post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Rightful", email: "Owner@example.com", password: "owner-pass" }),
    );
    expect(signedUp.statusCode).toBe(200);
    expect(signedUp.json().user).toMatchObject({ username: "Rightful", email: "owner@example.com" });
    // The squatter is the guest it was, without the address or the password it set with it.
    expect((await squatter.get("/api/accounts/me")).json().user).toMatchObject({
      id: squatterId,
      username: "Squatter",
      isGuest: true,
      email: null,
      conversionRequestedAt: null,
    });
    const credentials = await test.app.db.select().from(account).where(eq(account.userId, squatterId));
    expect(credentials.filter((row) => row.providerId === "credential")).toEqual([]);
    const squatSignIn = await client().post("/api/accounts/sign-in", {
      email: "owner@example.com",
      password: "squat-pass",
    });
    expect(squatSignIn.statusCode).toBe(401);
    expect(squatSignIn.json().error.message).toBe(AUTH_ERROR_MESSAGES["invalid-credential"]);
    const ownerSignIn = await client().post("/api/accounts/sign-in", {
      email: "owner@example.com",
      password: "owner-pass",
    });
    expect(ownerSignIn.json().user.username).toBe("Rightful");
  });

  it("lets another guest upgrade over an unverified claim, but never over a verified address", async () => {
    const { visitor: squatter, id: squatterId } = await guest("Claimer");
    await squatter.post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Claimer", email: "mine@example.com" }),
    );
    const { visitor: realGuest, id: realId } = await guest("Real_Guest");
    const upgraded = await realGuest.post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Real_Guest", email: "mine@example.com" }),
    );
    expect(upgraded.statusCode).toBe(200);
    expect(upgraded.json()).toMatchObject({
      mode: "upgrade",
      user: { id: realId, email: "mine@example.com" },
    });
    expect((await rowById(squatterId))?.email).not.toBe("mine@example.com");
    // Verified, the address is held for good: the squatter's next try is refused with §8's text.
    await followLink(realGuest, (await latestMail(test.app, "mine@example.com"))?.links[0] ?? "");
    expect((await rowById(realId))?.emailVerified).toBe(true);
    const again = await squatter.post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Claimer", email: "mine@example.com" }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: "conflict",
      message: "An account with this email already exists.",
    });
  });

  it("verifies through the e-mailed link in the browser that signed up: signed in, redirected to /?verified=1, no longer a guest", async () => {
    const visitor = client();
    await visitor.post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Link_Taker", email: "link@example.com" }),
    );
    const mail = await latestMail(test.app, "link@example.com");
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost:3000\/api\/accounts\/verify-email\?token=[^&]+$/);
    const verify = await followLink(visitor, mail?.links[0] ?? "");
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe("/?verified=1");
    const me = (await visitor.get("/api/accounts/me")).json().user;
    expect(me).toMatchObject({
      username: "Link_Taker",
      emailVerified: true,
      isGuest: false,
      conversionCompletedAt: null,
    });
  });

  it("upgrades a guest in place: same id and username, credential linked, verification completes the conversion", async () => {
    const { visitor, id } = await guest("Up_Grader");
    const response = await visitor.post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Up_Grader", email: "up@example.com", gender: "prefer-not-to-say" }),
    );
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ mode: "upgrade", message: UPGRADE_VERIFY_EMAIL_MESSAGE });
    expect(result.user).toMatchObject({
      id,
      username: "Up_Grader",
      email: "up@example.com",
      emailVerified: false,
      conversionAttempts: 1,
    });
    expect(result.user.conversionRequestedAt).toEqual(expect.any(Number));
    const credentials = await test.app.db.select().from(account).where(eq(account.userId, id));
    expect(credentials.map((row) => row.providerId)).toContain("credential");

    const mail = await latestMail(test.app, "up@example.com");
    const verify = await followLink(visitor, mail?.links[0] ?? "");
    expect(verify.statusCode).toBe(302);
    const row = await rowById(id);
    expect(row).toMatchObject({
      emailVerified: true,
      isGuest: false,
      isAnonymous: false,
      username: "up_grader",
    });
    expect(row?.conversionCompletedAt).toBeInstanceOf(Date);

    // The linked password works for a fresh sign-in, on the same user.
    const signIn = await client().post("/api/accounts/sign-in", {
      email: "up@example.com",
      password: "secret-pass",
    });
    expect(signIn.json().user.id).toBe(id);
  });

  it("refuses a fourth conversion attempt with the spec's message", async () => {
    const { visitor, id } = await guest("Try_Hard");
    for (const attempt of [1, 2, 3]) {
      const response = await visitor.post(
        "/api/accounts/sign-up",
        signUpBody({ username: "Try_Hard", email: `try${attempt}@example.com` }),
      );
      expect(response.json().user.conversionAttempts).toBe(attempt);
    }
    const fourth = await visitor.post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Try_Hard", email: "try4@example.com" }),
    );
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error.message).toBe("Too many account conversion attempts. Please contact support.");
    expect((await rowById(id))?.email).toBe("try3@example.com");
  });

  it("refuses a conversion by an unverified registered user, and an e-mail already proven", async () => {
    const visitor = client();
    await visitor.post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Unverified", email: "unverified@example.com" }),
    );
    const again = await visitor.post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Second_Try", email: "second@example.com" }),
    );
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe("Please verify your email address before proceeding.");
    await followLink(visitor, (await latestMail(test.app, "unverified@example.com"))?.links[0] ?? "");

    const { visitor: guestVisitor } = await guest("Email_Thief");
    const taken = await guestVisitor.post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Email_Thief", email: "unverified@example.com" }),
    );
    expect(taken.json().error.message).toBe("An account with this email already exists.");
  });

  it("signs in an unverified account so the web can ask for verification; wrong passwords get §8's text", async () => {
    await client().post(
      "/api/accounts/sign-up",
      signUpBody({ username: "Sleepy", email: "sleepy@example.com" }),
    );
    const ok = await client().post("/api/accounts/sign-in", {
      email: "sleepy@example.com",
      password: "secret-pass",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ emailVerified: false, username: "Sleepy" });
    const invalid = "Invalid email or password. Please check your credentials and try again.";
    const wrong = await client().post("/api/accounts/sign-in", {
      email: "sleepy@example.com",
      password: "wrong-pass",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(invalid);
    const unknown = await client().post("/api/accounts/sign-in", {
      email: "nobody@example.com",
      password: "whatever",
    });
    expect(unknown.json().error.message).toBe(invalid);
  });
});

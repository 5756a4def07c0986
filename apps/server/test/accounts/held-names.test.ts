import { ACCOUNT_PATHS, DELETED_USERNAME_HOLD_MS, SERVER_MESSAGES } from "@heartline/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heldUsernames, user } from "../../src/db/schema";
import { sweepExpiredNameHolds } from "../../src/features/accounts/held-names";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { AccountsClient, ADULT_DOB, NO_HUMAN_CHECK_ENV, START_TIMEOUT_MS } from "./accounts-client";

const TAKEN = "This username is already taken. Please choose another one.";
const MINUTE_MS = 60_000;

/**
 * Issue #38: a deleted registered account's name is held for 30 days, so a newcomer cannot take it and
 * look like the person who left; it is refused exactly as a taken name is (spec §5's text), in any case.
 */
describe("accounts: a deleted account's name is held (issue #38)", () => {
  let test: TestApp;
  let nextIp = 1;
  // The app's clock: real time plus what a test moved it by (the sessions keep real time).
  let offset = 0;
  const now = () => Date.now() + offset;

  beforeAll(async () => {
    test = await startTestApp({
      env: { ...NO_HUMAN_CHECK_ENV, AUTH_RATE_LIMIT_SCALE: "100" },
      clock: now,
    });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  const browser = () => new AccountsClient(test.app, `10.98.0.${nextIp++}`);
  const signUp = (username: string, visitor = browser()) =>
    visitor.post("/api/accounts/sign-up", {
      username,
      email: `${username.toLowerCase()}-${nextIp}@example.com`,
      password: "secret-pass",
      dob: ADULT_DOB,
      gender: "female",
    });
  const createGuest = (username: string, visitor = browser()) =>
    visitor.post("/api/accounts/guest", { username, dob: ADULT_DOB, gender: "male" });
  const checkName = async (username: string, purpose?: "sign-up" | "guest") =>
    (
      await browser().get(
        `${ACCOUNT_PATHS.checkUsername}?username=${username}${purpose ? `&for=${purpose}` : ""}`,
      )
    ).json();
  const holdOf = async (name: string) =>
    (await test.app.db.select().from(heldUsernames).where(eq(heldUsernames.usernameLower, name)))[0];

  /**
   * A registered account that signs up, proves its address (marked in the row: the mail flow is the
   * accounts suite's), then deletes itself through the profile route.
   */
  async function signUpAndDelete(username: string, options: { isVerified?: boolean } = {}) {
    const member = browser();
    const created = await signUp(username, member);
    expect(created.statusCode).toBe(200);
    const id = created.json().user.id as string;
    if (options.isVerified !== false)
      await test.app.db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
    const deleted = await test.app.inject({
      method: "DELETE",
      url: ACCOUNT_PATHS.myProfile,
      headers: { cookie: member.cookieHeader, origin: "http://localhost:3000" },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await test.app.db.select().from(user).where(eq(user.id, id))).toEqual([]);
    return id;
  }

  it("holds the name 30 days: sign-up, guest creation and a guest's upgrade are refused as taken, in any case", async () => {
    expect(SERVER_MESSAGES.usernameTaken).toBe(TAKEN);
    const before = now();
    await signUpAndDelete("Gone_Member");
    const hold = await holdOf("gone_member");
    expect(hold?.heldUntil.getTime()).toBeGreaterThanOrEqual(before + DELETED_USERNAME_HOLD_MS);
    expect(hold?.heldUntil.getTime()).toBeLessThanOrEqual(now() + DELETED_USERNAME_HOLD_MS);

    for (const name of ["Gone_Member", "gone_member", "GONE_MEMBER"]) {
      const refused = await signUp(name);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({ code: "conflict", message: TAKEN });
      const guest = await createGuest(name);
      expect(guest.statusCode).toBe(409);
      expect(guest.json().error).toEqual({ code: "conflict", message: TAKEN });
    }
    // A guest upgrading (sign-up from the guest's session) to the held name.
    const visitor = browser();
    expect((await createGuest("Upgrading_Guest", visitor)).statusCode).toBe(200);
    const upgrade = await signUp("gOnE_mEmBeR", visitor);
    expect(upgrade.statusCode).toBe(409);
    expect(upgrade.json().error).toEqual({ code: "conflict", message: TAKEN });

    expect(await checkName("Gone_Member")).toEqual({ available: false, message: TAKEN });
    expect(await checkName("GONE_member", "guest")).toEqual({ available: false, message: TAKEN });
    expect(await checkName("gone_member", "sign-up")).toEqual({ available: false, message: TAKEN });
  });

  it("frees the name when the hold runs out, and the sweep removes only holds that ran out", async () => {
    await signUpAndDelete("Short_Stay");
    await signUpAndDelete("Newer_Leaver");
    offset += DELETED_USERNAME_HOLD_MS - MINUTE_MS;
    expect((await signUp("short_stay")).json().error).toEqual({ code: "conflict", message: TAKEN });
    expect(await sweepExpiredNameHolds(test.app.db, now())).toBe(0);

    offset += 2 * MINUTE_MS;
    // The check compares with the clock itself: free before any sweep ran.
    expect(await checkName("Short_Stay")).toEqual({ available: true });
    const removed = await sweepExpiredNameHolds(test.app.db, now());
    expect(removed).toBeGreaterThanOrEqual(2);
    expect(await holdOf("short_stay")).toBeUndefined();
    const taken = await signUp("SHORT_STAY");
    expect(taken.statusCode).toBe(200);
    expect(taken.json().user.username).toBe("SHORT_STAY");

    // A hold made after the clock moved stays.
    await signUpAndDelete("Late_Leaver");
    expect(await sweepExpiredNameHolds(test.app.db, now())).toBe(0);
    expect(await holdOf("late_leaver")).toBeDefined();
  });

  it("does not hold the name of an account that never proved its address (ADR 0017: nobody's)", async () => {
    await signUpAndDelete("Never_Proved", { isVerified: false });
    expect(await holdOf("never_proved")).toBeUndefined();
    expect((await signUp("never_proved")).statusCode).toBe(200);
  });

  it("does not hold a guest's name (spec §4 Sign-up (b) gives an ended guest's name to the next sign-up)", async () => {
    const visitor = browser();
    const created = await createGuest("Passing_Guest", visitor);
    expect(created.statusCode).toBe(200);
    const deleted = await test.app.inject({
      method: "DELETE",
      url: ACCOUNT_PATHS.myProfile,
      headers: { cookie: visitor.cookieHeader, origin: "http://localhost:3000" },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await holdOf("passing_guest")).toBeUndefined();
    expect((await createGuest("passing_guest")).statusCode).toBe(200);
  });
});

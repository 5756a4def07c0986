import {
  ACCOUNT_PATHS,
  type AccountUser,
  BIO_MAX_LENGTH,
  type PublicProfile,
  VALIDATION_MESSAGES,
} from "@heartline/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, user } from "../../src/db/schema";
import { multipartFile, smallPng } from "../fixtures/images";
import { asUser, createGuestUser, createRegisteredUser, type TestUser } from "../fixtures/users";
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";

describe("profiles: GET /api/users/:id, PATCH /api/users/me, check-username (spec §3, §5, §6)", () => {
  let test: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    test = await startTestApp();
    alice = await createRegisteredUser(test.app, { username: "Alice_Night" });
    bob = await createRegisteredUser(test.app, { username: "bob-day" });
  });
  afterAll(async () => {
    await test.close();
  });

  const patchMe = (owner: TestUser, payload: Record<string, unknown>) =>
    test.app.inject({ method: "PATCH", url: ACCOUNT_PATHS.myProfile, headers: asUser(owner), payload });

  const profileOf = async (id: string, viewer: TestUser) =>
    test.app.inject({ method: "GET", url: ACCOUNT_PATHS.user(id), headers: asUser(viewer) });

  it("shows a public profile without e-mail or date of birth", async () => {
    const response = await profileOf(alice.id, bob);
    expect(response.statusCode).toBe(200);
    const profile = response.json<PublicProfile>();
    expect(profile).toMatchObject({
      id: alice.id,
      username: "Alice_Night",
      gender: "female",
      isGuest: false,
      isDeleted: false,
      isAdmin: false,
    });
    expect(Object.keys(profile).sort()).toEqual(
      [
        "bannerImage",
        "bio",
        "createdAt",
        "friendCount",
        "gender",
        "highestBadge",
        "id",
        "isAdmin",
        "isDeleted",
        "isGuest",
        "lastActive",
        "profileImage",
        "username",
      ].sort(),
    );
  });

  it("answers 404 for an unknown id and the spec's text for a malformed one", async () => {
    const unknown = await profileOf("A".repeat(24), bob);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: { code: string } }>().error.code).toBe("not_found");
    const malformed = await profileOf("not-an-id", bob);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      error: { code: "bad_request", message: VALIDATION_MESSAGES.userIdInvalid },
    });
  });

  it("needs a session to read a profile", async () => {
    const response = await test.app.inject({ method: "GET", url: ACCOUNT_PATHS.user(alice.id) });
    expect(response.statusCode).toBe(401);
  });

  it("updates the own bio and built-in avatar, trimming the bio", async () => {
    const response = await patchMe(alice, { bio: "  night owl, tea lover  ", profileImage: "avatar-3" });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: AccountUser }>().user).toMatchObject({
      id: alice.id,
      bio: "night owl, tea lover",
      profileImage: "avatar-3",
    });
    expect((await profileOf(alice.id, bob)).json<PublicProfile>()).toMatchObject({
      bio: "night owl, tea lover",
      profileImage: "avatar-3",
    });
  });

  it("keeps the site's language on the account and refuses one the site does not have (issue #39)", async () => {
    const saved = await patchMe(bob, { locale: "pt-BR" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ user: AccountUser }>().user.locale).toBe("pt-BR");
    const [row] = await test.app.db.select().from(user).where(eq(user.id, bob.id));
    expect(row?.locale).toBe("pt-BR");

    const refused = await patchMe(bob, { locale: "pt" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/Unknown language/);
    const [after] = await test.app.db.select().from(user).where(eq(user.id, bob.id));
    expect(after?.locale).toBe("pt-BR");
  });

  it("refuses a bad update with a clear message and changes nothing", async () => {
    const [before] = await test.app.db.select().from(user).where(eq(user.id, alice.id));
    for (const payload of [
      { bio: "x".repeat(BIO_MAX_LENGTH + 1) },
      { profileImage: "https://evil.example/tracker.png" },
      { profileImage: "avatar-9" },
      { username: "taken_over" },
      { isAdmin: true },
    ]) {
      const response = await patchMe(alice, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toBeTruthy();
    }
    const [after] = await test.app.db.select().from(user).where(eq(user.id, alice.id));
    expect(after).toEqual(before);
  });

  it("removes an uploaded picture's file when a built-in avatar replaces it", async () => {
    const body = multipartFile(await smallPng());
    const uploaded = await test.app.inject({
      method: "POST",
      url: ACCOUNT_PATHS.myAvatar,
      headers: { ...asUser(bob), ...body.headers },
      payload: body.payload,
    });
    const url = uploaded.json<{ user: AccountUser }>().user.profileImage ?? "";
    expect((await test.app.inject({ method: "GET", url })).statusCode).toBe(200);

    const response = await patchMe(bob, { profileImage: null });
    expect(response.json<{ user: AccountUser }>().user.profileImage).toBeNull();
    expect((await test.app.inject({ method: "GET", url })).statusCode).toBe(404);
    const [row] = await test.app.db.select().from(user).where(eq(user.id, bob.id));
    expect(row?.profileImagePath).toBeNull();
  });

  it("never lets one user's session change or delete another user's profile", async () => {
    const [before] = await test.app.db.select().from(user).where(eq(user.id, alice.id));
    // Bob's own session only ever reaches Bob's row: no write route takes a user id.
    await patchMe(bob, { bio: "bob here" });
    const attempts = [
      test.app.inject({
        method: "PATCH",
        url: ACCOUNT_PATHS.user(alice.id),
        headers: asUser(bob),
        payload: { bio: "hacked" },
      }),
      test.app.inject({ method: "DELETE", url: ACCOUNT_PATHS.user(alice.id), headers: asUser(bob) }),
      test.app.inject({
        method: "PATCH",
        url: `${ACCOUNT_PATHS.myProfile}?userId=${alice.id}`,
        headers: asUser(bob),
        payload: { bio: "hacked", id: alice.id },
      }),
      test.app.inject({ method: "POST", url: `/api/users/${alice.id}/avatar`, headers: asUser(bob) }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    }
    const [after] = await test.app.db.select().from(user).where(eq(user.id, alice.id));
    expect(after).toEqual(before);
    const [bobRow] = await test.app.db.select().from(user).where(eq(user.id, bob.id));
    expect(bobRow?.bio).toBe("bob here");
  });

  it("refuses a profile change without a session or from a foreign origin", async () => {
    const anonymous = await test.app.inject({
      method: "PATCH",
      url: ACCOUNT_PATHS.myProfile,
      headers: { origin: TEST_PUBLIC_URL },
      payload: { bio: "who am I" },
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await test.app.inject({
      method: "PATCH",
      url: ACCOUNT_PATHS.myProfile,
      headers: { cookie: alice.cookie, origin: "https://evil.example" },
      payload: { bio: "forged" },
    });
    expect(forged.statusCode).toBe(403);
  });

  it("checks usernames case-insensitively; sign-up ignores ended guests' names, the guest form does not (spec §4, §5, ARCHITECTURE §9.7)", async () => {
    const guest = await createGuestUser(test.app, { username: "Moon_Guest" });
    const check = async (query: string, headers: Record<string, string> = {}) => {
      const response = await test.app.inject({
        method: "GET",
        url: `${ACCOUNT_PATHS.checkUsername}?${query}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ available: boolean }>().available;
    };
    expect(await check("username=alice_night")).toBe(false);
    expect(await check("username=ALICE_NIGHT&for=guest")).toBe(false);
    expect(await check("username=somebody_new")).toBe(true);
    // A guest still signed in keeps its name (ARCHITECTURE §9.7); once its sessions end, sign-up
    // removes it (spec §4 Sign-up (b)); a new guest may not take it either way.
    expect(await check("username=moon_guest")).toBe(false);
    // A guest upgrading keeps its own name (spec §5: the check is skipped for the same name).
    expect(await check("username=Moon_Guest&for=guest", { cookie: guest.cookie })).toBe(true);
    await test.app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(session.userId, guest.id));
    expect(await check("username=moon_guest")).toBe(true);
    expect(await check("username=moon_guest&for=guest")).toBe(false);
    const missing = await test.app.inject({ method: "GET", url: ACCOUNT_PATHS.checkUsername });
    expect(missing.statusCode).toBe(400);
  });
});

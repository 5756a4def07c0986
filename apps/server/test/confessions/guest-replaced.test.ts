import { randomUUID } from "node:crypto";
import { CONFESSION_PATHS, type ConfessionPage } from "@heartline/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confessionComments, confessions, deletedUsers } from "../../src/db/schema";
import { AccountsClient, ADULT_DOB, NO_HUMAN_CHECK_ENV, START_TIMEOUT_MS } from "../accounts/accounts-client";
import { asPerson, createRegistered, emitWithAck, type TestPerson } from "../fixtures/group-fixtures";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { postConfession, wallRequest } from "./wall-fixtures";

/**
 * Issue #34: account deletion is built once from every feature's removal step, so the path Better Auth
 * takes when a guest's browser signs in to an account ("guest replaced") runs the confession wall's
 * step too: the guest's posts and comments leave open walls, each at its own moment (ADR 0014), as after
 * the profile route's deletion (account-departure.test.ts).
 */
describe("a guest replaced by a sign-in in its browser leaves the wall like any deleted account", () => {
  let test: TestApp;
  let watcher: TestPerson;

  beforeAll(async () => {
    test = await startTestApp({ env: { ...NO_HUMAN_CHECK_ENV, AUTH_RATE_LIMIT_SCALE: "100" } });
    watcher = await createRegistered(test.app, `watch_${randomUUID().slice(0, 6)}`);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test?.close();
  });

  it("removes the guest's post and comment from every read and pushes their removal to an open wall", async () => {
    const home = new AccountsClient(test.app);
    const signedUp = await home.post("/api/accounts/sign-up", {
      username: "Home_Base",
      email: "home.base@example.com",
      password: "secret-pass",
      dob: ADULT_DOB,
      gender: "female",
    });
    expect(signedUp.statusCode).toBe(200);

    const browser = new AccountsClient(test.app);
    const guest = await browser.post("/api/accounts/guest", {
      username: "Passing_By",
      dob: ADULT_DOB,
      gender: "male",
    });
    expect(guest.statusCode).toBe(200);
    const guestId = guest.json().user.id as string;
    const postId = randomUUID();
    const posted = await browser.post(CONFESSION_PATHS.confessions, {
      id: postId,
      content: "the guest's post",
    });
    expect(posted.statusCode).toBe(201);
    const { id: watcherPost } = await postConfession(test.app, watcher, "the watcher's post");
    const commentId = randomUUID();
    const commented = await browser.post(CONFESSION_PATHS.comments(watcherPost), {
      id: commentId,
      content: "the guest was here",
    });
    expect(commented.statusCode).toBe(201);

    const wall = await test.connect(asPerson(watcher));
    expect((await emitWithAck(wall, "join_confession_wall")).ok).toBe(true);
    const postRemoved = nextEvent(wall, "confession_removed", (payload) => payload.id === postId, 10_000);
    const commentRemoved = nextEvent(
      wall,
      "confession_comment_removed",
      (payload) => payload.commentId === commentId,
      10_000,
    );

    // The guest's browser signs in to the account: Better Auth's anonymous plugin hands the guest over.
    const signedIn = await browser.post("/api/accounts/sign-in", {
      email: "home.base@example.com",
      password: "secret-pass",
    });
    expect(signedIn.statusCode).toBe(200);
    expect(await test.app.db.select().from(deletedUsers).where(eq(deletedUsers.id, guestId))).toHaveLength(1);

    await expect(postRemoved).resolves.toMatchObject({ id: postId });
    await expect(commentRemoved).resolves.toMatchObject({ commentId });
    expect(await test.app.db.select().from(confessions).where(eq(confessions.id, postId))).toEqual([]);
    expect(
      await test.app.db.select().from(confessionComments).where(eq(confessionComments.id, commentId)),
    ).toEqual([]);
    const feed = (
      await wallRequest(test.app, watcher, "GET", `${CONFESSION_PATHS.confessions}?limit=50`)
    ).json() as ConfessionPage;
    expect(feed.confessions.map((post) => post.id)).toEqual([watcherPost]);
  });
});

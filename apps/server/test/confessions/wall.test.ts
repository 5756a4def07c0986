import { randomUUID } from "node:crypto";
import {
  ACCOUNT_PATHS,
  CONFESSION_COMMENTS_PER_HOUR,
  CONFESSION_ERROR_MESSAGES,
  CONFESSION_PATHS,
  CONFESSION_REACTIONS_PER_MINUTE,
  CONFESSIONS_PER_HOUR,
  type ConfessionCommentList,
  type ConfessionPage,
  type ConfessionView,
  GROUP_CHAT_MESSAGES,
  groupChatAccessError,
  MODERATION_PATHS,
  mutedMessage,
} from "@heartline/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confessions } from "../../src/db/schema";
import { CONFESSIONS_ROOM } from "../../src/realtime/rooms";
import {
  asPerson,
  createGuest,
  createRegistered,
  emitWithAck,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { errorOf, postComment, postConfession, wallRequest } from "./wall-fixtures";

describe("confession wall (issue #13): posts, feed, reactions, comments, moderation", () => {
  let test: TestApp;
  let admin: TestPerson;
  let counter = 0;
  const name = (prefix: string) => `${prefix}${counter++}_${randomUUID().slice(0, 4)}`;
  const guest = () => createGuest(test.app, name("g"));
  const member = () => createRegistered(test.app, name("m"));

  beforeAll(async () => {
    test = await startTestApp({ env: { AUTH_RATE_LIMIT_SCALE: "100" } });
    admin = await createRegistered(test.app, name("boss"), { isAdmin: true });
  });
  afterAll(async () => {
    await test.close();
  });

  const feed = async (viewer: TestPerson, query = "") => {
    const response = await wallRequest(test.app, viewer, "GET", `${CONFESSION_PATHS.confessions}${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as ConfessionPage;
  };

  it("a guest posts; the author sees it as their own, someone else sees the same post with no author", async () => {
    const author = await guest();
    const reader = await member();
    const { id, response } = await postConfession(test.app, author, "  I never read the terms  ", {
      contentWarning: "mild",
    });
    expect(response.statusCode).toBe(201);
    const { confession } = response.json() as { confession: ConfessionView };
    expect(confession).toMatchObject({
      id,
      content: "I never read the terms",
      contentWarning: "mild",
      isOwn: true,
      myReaction: null,
      commentCount: 0,
    });
    expect(Object.values(confession.reactions).every((count) => count === 0)).toBe(true);

    const seen = (await feed(reader)).confessions.find((entry) => entry.id === id);
    expect(seen).toMatchObject({ id, isOwn: false, content: "I never read the terms" });
    const one = await wallRequest(test.app, reader, "GET", CONFESSION_PATHS.confession(id));
    expect(one.json()).toMatchObject({ confession: { id, isOwn: false } });
  });

  it("a retry with the same id answers the stored post (200); someone else's id is a 409 conflict", async () => {
    const author = await guest();
    const other = await guest();
    const first = await postConfession(test.app, author, "retry me");
    const retry = await postConfession(test.app, author, "retry me", { id: first.id });
    expect(retry.response.statusCode).toBe(200);
    expect((retry.response.json() as { confession: ConfessionView }).confession.id).toBe(first.id);
    const stolen = await postConfession(test.app, other, "mine now", { id: first.id });
    expect(stolen.response.statusCode).toBe(409);
    expect(errorOf(stolen.response)).toEqual({
      code: "conflict",
      message: CONFESSION_ERROR_MESSAGES.idConflict,
    });
    const rows = await test.app.db.select().from(confessions).where(eq(confessions.id, first.id));
    expect(rows.map((row) => row.content)).toEqual(["retry me"]);
  });

  it("the same text from the same author within 5 s is dropped", async () => {
    const author = await guest();
    expect((await postConfession(test.app, author, "same words")).response.statusCode).toBe(201);
    const again = await postConfession(test.app, author, "same words");
    expect(again.response.statusCode).toBe(409);
    expect(errorOf(again.response)).toEqual({
      code: "conflict",
      message: CONFESSION_ERROR_MESSAGES.duplicate,
    });
  });

  it("a double submit (two ids, one text, at once) stores one post; a concurrent retry of one id answers it", async () => {
    const author = await guest();
    const [first, second] = await Promise.all([
      postConfession(test.app, author, "clicked twice"),
      postConfession(test.app, author, "clicked twice"),
    ]);
    expect([first.response.statusCode, second.response.statusCode].sort()).toEqual([201, 409]);
    const id = randomUUID();
    const retries = await Promise.all([
      postConfession(test.app, author, "sent twice", { id }),
      postConfession(test.app, author, "sent twice", { id }),
    ]);
    expect(retries.map((entry) => entry.response.statusCode).sort()).toEqual([200, 201]);
    const rows = await test.app.db.select().from(confessions).where(eq(confessions.authorId, author.id));
    expect(rows.map((row) => row.content).sort()).toEqual(["clicked twice", "sent twice"]);
  });

  it(`the ${CONFESSIONS_PER_HOUR + 1}th confession in an hour is refused with 429 and the contract text`, async () => {
    const author = await guest();
    for (let index = 0; index < CONFESSIONS_PER_HOUR; index++) {
      expect((await postConfession(test.app, author, `post ${index}`)).response.statusCode).toBe(201);
    }
    const over = await postConfession(test.app, author, "one too many");
    expect(over.response.statusCode).toBe(429);
    expect(errorOf(over.response)).toEqual({
      code: "rate_limited",
      message: CONFESSION_ERROR_MESSAGES.tooManyConfessions,
    });
  });

  it("the 31st comment in an hour and the 61st reaction in a minute are refused with 429 and their texts", async () => {
    const author = await guest();
    const { id } = await postConfession(test.app, author, "talk to me");
    for (let index = 0; index < CONFESSION_COMMENTS_PER_HOUR; index++) {
      expect((await postComment(test.app, author, id, `reply ${index}`)).response.statusCode).toBe(201);
    }
    const comment = await postComment(test.app, author, id, "one more");
    expect(comment.response.statusCode).toBe(429);
    expect(errorOf(comment.response)).toEqual({
      code: "rate_limited",
      message: CONFESSION_ERROR_MESSAGES.tooManyComments,
    });
    for (let index = 0; index < CONFESSION_REACTIONS_PER_MINUTE; index++) {
      const response =
        index % 2 === 0
          ? await wallRequest(test.app, author, "PUT", CONFESSION_PATHS.reaction(id), { emoji: "🔥" })
          : await wallRequest(test.app, author, "DELETE", CONFESSION_PATHS.reaction(id));
      expect(response.statusCode).toBe(200);
    }
    const reaction = await wallRequest(test.app, author, "PUT", CONFESSION_PATHS.reaction(id), {
      emoji: "🙏",
    });
    expect(reaction.statusCode).toBe(429);
    expect(errorOf(reaction)).toEqual({
      code: "rate_limited",
      message: CONFESSION_ERROR_MESSAGES.tooManyReactions,
    });
  });

  it("visitors, the unverified and the banned are refused; the muted may read but not post, comment or react", async () => {
    const author = await guest();
    const { id } = await postConfession(test.app, author, "guarded");

    const visitor = await wallRequest(test.app, null, "GET", CONFESSION_PATHS.confessions);
    expect(visitor.statusCode).toBe(401);
    expect(errorOf(visitor).code).toBe("unauthorized");

    const unverified = await createRegistered(test.app, name("u"), { isVerified: false });
    const refusedUnverified = await postConfession(test.app, unverified, "hello");
    expect(refusedUnverified.response.statusCode).toBe(403);
    expect(errorOf(refusedUnverified.response)).toEqual({
      code: "forbidden",
      message: groupChatAccessError({ isGuest: false, emailVerified: false }),
    });

    const banned = await member();
    expect(
      (await requestAs(test.app, admin, "POST", MODERATION_PATHS.adminBans, { username: banned.username }))
        .statusCode,
    ).toBe(200);
    for (const response of [
      await wallRequest(test.app, banned, "GET", CONFESSION_PATHS.confessions),
      (await postConfession(test.app, banned, "let me in")).response,
      await wallRequest(test.app, banned, "PUT", CONFESSION_PATHS.reaction(id), { emoji: "🔥" }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ code: "forbidden", message: GROUP_CHAT_MESSAGES.banned });
    }

    const muted = await member();
    const mute = await requestAs(test.app, admin, "POST", MODERATION_PATHS.adminMutes, {
      username: muted.username,
      reason: "spam",
    });
    expect(mute.statusCode).toBe(200);
    const mutedText = { code: "forbidden", message: mutedMessage("spam") };
    expect((await wallRequest(test.app, muted, "GET", CONFESSION_PATHS.confessions)).statusCode).toBe(200);
    expect(errorOf((await postConfession(test.app, muted, "shh")).response)).toEqual(mutedText);
    expect(errorOf((await postComment(test.app, muted, id)).response)).toEqual(mutedText);
    const react = await wallRequest(test.app, muted, "PUT", CONFESSION_PATHS.reaction(id), { emoji: "🔥" });
    expect(react.statusCode).toBe(403);
    expect(errorOf(react)).toEqual(mutedText);
  });

  it("the newest-first feed pages by keyset with an opaque cursor and reaches every post exactly once", async () => {
    const authors = await Promise.all([guest(), guest(), guest()]);
    const posted: string[] = [];
    for (let index = 0; index < 9; index++) {
      const author = authors[index % authors.length] as TestPerson;
      posted.push((await postConfession(test.app, author, `paged ${index}`)).id);
    }
    const viewer = authors[0] as TestPerson;
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const query: string = cursor ? `?limit=4&cursor=${encodeURIComponent(cursor)}` : "?limit=4";
      const page = await feed(viewer, query);
      seen.push(...page.confessions.map((entry) => entry.id));
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    const newestFirst = seen.filter((id) => posted.includes(id));
    expect(newestFirst).toEqual([...posted].reverse());
    const all = await test.app.db.select({ id: confessions.id }).from(confessions);
    expect(seen.length).toBe(all.length);

    const bad = await wallRequest(test.app, viewer, "GET", `${CONFESSION_PATHS.confessions}?cursor=nonsense`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toEqual({ code: "bad_request", message: CONFESSION_ERROR_MESSAGES.invalidCursor });
  });

  it("reactions: one per user, another emoji replaces it, DELETE removes it; top-day ranks by reactions", async () => {
    const author = await guest();
    const [fans, quiet] = [
      await Promise.all([guest(), guest(), guest()]),
      await postConfession(test.app, author, "quiet one"),
    ];
    const loud = await postConfession(test.app, author, "loud one");
    const [a, b, c] = fans as [TestPerson, TestPerson, TestPerson];
    const put = (person: TestPerson, emoji: string) =>
      wallRequest(test.app, person, "PUT", CONFESSION_PATHS.reaction(loud.id), { emoji });
    expect((await put(a, "❤️")).json()).toMatchObject({ id: loud.id, myReaction: "❤️", reactions: { "❤️": 1 } });
    await put(b, "❤️");
    const replaced = (await put(a, "😂")).json();
    expect(replaced).toMatchObject({ myReaction: "😂", reactions: { "❤️": 1, "😂": 1 } });
    await put(c, "🔥");
    const removed = await wallRequest(test.app, c, "DELETE", CONFESSION_PATHS.reaction(loud.id));
    expect(removed.json()).toMatchObject({ myReaction: null, reactions: { "🔥": 0, "❤️": 1, "😂": 1 } });
    await put(c, "🙏");

    const mine = (await feed(a)).confessions.find((entry) => entry.id === loud.id);
    expect(mine?.myReaction).toBe("😂");
    const top = await feed(a, "?sort=top-day&limit=50");
    const order = top.confessions.map((entry) => entry.id);
    expect(order.indexOf(loud.id)).toBeLessThan(order.indexOf(quiet.id));
    expect(top.confessions[0]?.id).toBe(loud.id);

    // The top view pages by keyset too: one post a page reaches every post of the window once.
    const paged: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const query: string = `?sort=top-week&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await feed(a, query);
      paged.push(...page.confessions.map((entry) => entry.id));
      cursor = page.nextCursor;
    }
    expect(paged).toEqual(top.confessions.map((entry) => entry.id));
    const wrongSort = await wallRequest(
      test.app,
      a,
      "GET",
      `${CONFESSION_PATHS.confessions}?sort=new&cursor=${encodeURIComponent(top.nextCursor ?? (await feed(a, "?sort=top-day&limit=1")).nextCursor ?? "")}`,
    );
    expect(errorOf(wrongSort)).toEqual({
      code: "bad_request",
      message: CONFESSION_ERROR_MESSAGES.invalidCursor,
    });

    const gone = await wallRequest(test.app, a, "PUT", CONFESSION_PATHS.reaction(randomUUID()), {
      emoji: "❤️",
    });
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone)).toEqual({ code: "not_found", message: CONFESSION_ERROR_MESSAGES.notFound });
  });

  it("comments: OP for the author, Anon N stable inside a thread and independent across threads; one level deep", async () => {
    const op = await guest();
    const [x, y] = [await guest(), await member()];
    const first = await postConfession(test.app, op, "thread one");
    const second = await postConfession(test.app, op, "thread two");
    const c1 = await postComment(test.app, x, first.id, "x first");
    expect(c1.response.statusCode).toBe(201);
    await postComment(test.app, y, first.id, "y first");
    await postComment(test.app, op, first.id, "op answers", c1.id);
    await postComment(test.app, x, first.id, "x again");
    // In the second thread y comments first: the numbers follow that thread's order.
    await postComment(test.app, y, second.id, "y in two");
    await postComment(test.app, x, second.id, "x in two");

    const list = async (id: string) =>
      ((await wallRequest(test.app, x, "GET", CONFESSION_PATHS.comments(id))).json() as ConfessionCommentList)
        .comments;
    const one = await list(first.id);
    expect(one.map((comment) => [comment.content, comment.pseudonym, comment.isOP, comment.isOwn])).toEqual([
      ["x first", "Anon 1", false, true],
      ["y first", "Anon 2", false, false],
      ["op answers", "OP", true, false],
      ["x again", "Anon 1", false, true],
    ]);
    expect(one[2]?.parentId).toBe(c1.id);
    const two = await list(second.id);
    expect(two.map((comment) => comment.pseudonym)).toEqual(["Anon 1", "Anon 2"]);

    const opReply = one[2]?.id as string;
    const tooDeep = await postComment(test.app, y, first.id, "deeper", opReply);
    expect(tooDeep.response.statusCode).toBe(400);
    expect(errorOf(tooDeep.response)).toEqual({
      code: "bad_request",
      message: CONFESSION_ERROR_MESSAGES.replyTooDeep,
    });
    const counted = (await feed(x)).confessions.find((entry) => entry.id === first.id);
    expect(counted?.commentCount).toBe(4);
  });

  it("concurrent first comments in one thread get distinct numbers", async () => {
    const op = await guest();
    const { id } = await postConfession(test.app, op, "race for names");
    const people = await Promise.all(Array.from({ length: 12 }, () => guest()));
    const responses = await Promise.all(people.map((person) => postComment(test.app, person, id)));
    expect(responses.every((entry) => entry.response.statusCode === 201)).toBe(true);
    const names = responses.map(
      (entry) => (entry.response.json() as { comment: { pseudonym: string } }).comment.pseudonym,
    );
    expect(new Set(names).size).toBe(people.length);
    expect([...names].sort()).toEqual(
      Array.from({ length: people.length }, (_, index) => `Anon ${index + 1}`).sort(),
    );
  });

  it("authors delete their own posts and comments; anyone else's is 403, an unknown one 404", async () => {
    const author = await guest();
    const other = await guest();
    const { id } = await postConfession(test.app, author, "delete me later");
    const comment = await postComment(test.app, author, id, "my comment");
    const notYours = await wallRequest(test.app, other, "DELETE", CONFESSION_PATHS.confession(id));
    expect(notYours.statusCode).toBe(403);
    expect(errorOf(notYours)).toEqual({ code: "forbidden", message: CONFESSION_ERROR_MESSAGES.notYours });
    const notYourComment = await wallRequest(
      test.app,
      other,
      "DELETE",
      CONFESSION_PATHS.comment(id, comment.id),
    );
    expect(errorOf(notYourComment)).toEqual({
      code: "forbidden",
      message: CONFESSION_ERROR_MESSAGES.notYours,
    });

    const watcher = await test.connect(asPerson(other));
    expect((await emitWithAck(watcher, "join_confession_wall")).ok).toBe(true);
    const commentGone = nextEvent(
      watcher,
      "confession_comment_removed",
      (payload) => payload.commentId === comment.id,
    );
    expect(
      (await wallRequest(test.app, author, "DELETE", CONFESSION_PATHS.comment(id, comment.id))).json(),
    ).toEqual({ deleted: true });
    expect(await commentGone).toEqual({ confessionId: id, commentId: comment.id });
    const removed = nextEvent(watcher, "confession_removed", (payload) => payload.id === id);
    expect((await wallRequest(test.app, author, "DELETE", CONFESSION_PATHS.confession(id))).json()).toEqual({
      deleted: true,
    });
    expect(await removed).toEqual({ id });
    const unknown = await wallRequest(test.app, author, "DELETE", CONFESSION_PATHS.confession(id));
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toEqual({ code: "not_found", message: CONFESSION_ERROR_MESSAGES.notFound });
  });

  it("the wall hears new posts, counts and comments live; visitors cannot join it", async () => {
    const author = await guest();
    const reader = await member();
    const visitorSocket = await test.connect();
    const refused = await emitWithAck(visitorSocket, "join_confession_wall");
    expect(refused).toMatchObject({ ok: false, error: { code: "unauthorized" } });

    const socket = await test.connect(asPerson(reader));
    expect(await emitWithAck(socket, "join_confession_wall")).toEqual({ ok: true });
    const id = randomUUID();
    const created = nextEvent(socket, "confession_created", (payload) => payload.id === id);
    await postConfession(test.app, author, "live one", { id });
    expect((await created).id).toBe(id);

    const counts = nextEvent(
      socket,
      "confession_counts",
      (payload) => payload.id === id && payload.reactions["😮"] === 1,
    );
    await wallRequest(test.app, author, "PUT", CONFESSION_PATHS.reaction(id), { emoji: "😮" });
    expect((await counts).commentCount).toBe(0);

    const commented = nextEvent(
      socket,
      "confession_comment_created",
      (payload) => payload.confessionId === id,
    );
    await postComment(test.app, author, id, "OP speaking");
    expect((await commented).comment).toMatchObject({
      pseudonym: "OP",
      isOP: true,
      isOwn: false,
      content: "OP speaking",
    });

    expect(await emitWithAck(socket, "leave_confession_wall")).toEqual({ ok: true });
  });

  it("reports go into the admin queue with the author as target; delete-message removes the post live", async () => {
    const author = await guest();
    const reporter = await member();
    const { id } = await postConfession(test.app, author, "report-worthy words");
    const comment = await postComment(test.app, author, id, "a nasty comment");

    const selfReport = await wallRequest(test.app, author, "POST", CONFESSION_PATHS.report(id), {
      reason: "spam",
    });
    expect(selfReport.statusCode).toBe(400);
    const filed = await wallRequest(test.app, reporter, "POST", CONFESSION_PATHS.report(id), {
      reason: "harassment",
    });
    expect(filed.statusCode).toBe(201);
    const { reportId } = filed.json() as { reportId: string };
    const commentReport = await wallRequest(
      test.app,
      reporter,
      "POST",
      CONFESSION_PATHS.commentReport(id, comment.id),
      {
        reason: "spam",
      },
    );
    expect(commentReport.statusCode).toBe(201);

    const queue = await requestAs(test.app, admin, "GET", `${MODERATION_PATHS.adminReports}?status=open`);
    const reports = (
      queue.json() as {
        reports: Array<{
          id: string;
          context: string;
          targetId: string;
          snapshot: Array<{ content: string; type: string }>;
        }>;
      }
    ).reports;
    const report = reports.find((entry) => entry.id === reportId);
    expect(report).toMatchObject({ context: "confession", targetId: author.id });
    expect(report?.snapshot.map((entry) => [entry.content, entry.type])).toEqual([
      ["report-worthy words", "confession"],
    ]);
    // A comment's snapshot says it is a comment, so the admin queue labels its removal right.
    const onComment = reports.find((entry) => entry.id === commentReport.json().reportId);
    expect(onComment?.snapshot.map((entry) => entry.type)).toEqual(["confession-comment"]);

    const author1 = await requestAs(test.app, admin, "GET", CONFESSION_PATHS.adminConfessionAuthor(id));
    expect(author1.json()).toMatchObject({ userId: author.id, isGuest: true });
    const commentAuthor = await requestAs(
      test.app,
      admin,
      "GET",
      CONFESSION_PATHS.adminCommentAuthor(id, comment.id),
    );
    expect(commentAuthor.json()).toMatchObject({ userId: author.id });
    const notAdmin = await wallRequest(test.app, reporter, "GET", CONFESSION_PATHS.adminConfessionAuthor(id));
    expect(notAdmin.statusCode).toBe(403);
    expect(errorOf(notAdmin).code).toBe("forbidden");

    const watcher = await test.connect(asPerson(reporter));
    expect((await emitWithAck(watcher, "join_confession_wall")).ok).toBe(true);
    // The comment's report first (removing the confession would take the comment with it).
    const { reportId: commentReportId } = commentReport.json() as { reportId: string };
    const commentGone = nextEvent(
      watcher,
      "confession_comment_removed",
      (payload) => payload.commentId === comment.id,
    );
    const commentAction = await requestAs(
      test.app,
      admin,
      "POST",
      MODERATION_PATHS.adminReportAction(commentReportId),
      { action: "delete-message" },
    );
    expect(commentAction.statusCode).toBe(200);
    expect(await commentGone).toEqual({ confessionId: id, commentId: comment.id });

    const removed = nextEvent(watcher, "confession_removed", (payload) => payload.id === id);
    const action = await requestAs(test.app, admin, "POST", MODERATION_PATHS.adminReportAction(reportId), {
      action: "delete-message",
    });
    expect(action.statusCode).toBe(200);
    expect(await removed).toEqual({ id });
    expect(await test.app.db.select().from(confessions).where(eq(confessions.id, id))).toEqual([]);
  });

  it("an admin removes a comment and a confession; the wall hears both", async () => {
    const author = await guest();
    const reader = await guest();
    const { id } = await postConfession(test.app, author, "admin will remove");
    const comment = await postComment(test.app, reader, id, "and this");
    const socket = await test.connect(asPerson(reader));
    expect((await emitWithAck(socket, "join_confession_wall")).ok).toBe(true);

    const commentGone = nextEvent(
      socket,
      "confession_comment_removed",
      (payload) => payload.commentId === comment.id,
    );
    const removeComment = await requestAs(
      test.app,
      admin,
      "DELETE",
      CONFESSION_PATHS.adminComment(id, comment.id),
    );
    expect(removeComment.json()).toEqual({ deleted: true });
    await commentGone;
    const removed = nextEvent(socket, "confession_removed", (payload) => payload.id === id);
    expect((await requestAs(test.app, admin, "DELETE", CONFESSION_PATHS.adminConfession(id))).json()).toEqual(
      { deleted: true },
    );
    await removed;
    expect((await requestAs(test.app, admin, "DELETE", CONFESSION_PATHS.adminConfession(id))).json()).toEqual(
      { deleted: false },
    );
  });

  it("a ban takes the user's sockets off the wall at once", async () => {
    const person = await member();
    const socket = await test.connect(asPerson(person));
    expect((await emitWithAck(socket, "join_confession_wall")).ok).toBe(true);
    const onWall = async () =>
      (await test.app.io.in(CONFESSIONS_ROOM).fetchSockets()).some(
        (entry) => entry.data.userId === person.id,
      );
    expect(await onWall()).toBe(true);
    const ban = await requestAs(test.app, admin, "POST", MODERATION_PATHS.adminBans, {
      username: person.username,
    });
    expect(ban.statusCode).toBe(200);
    expect(await onWall()).toBe(false);
    expect(await emitWithAck(socket, "join_confession_wall")).toEqual({
      ok: false,
      error: { code: "forbidden", message: GROUP_CHAT_MESSAGES.banned },
    });
  });

  it("deleting an account removes its confessions, comments and reactions, live on open walls", async () => {
    const leaver = await member();
    const stayer = await guest();
    const own = await postConfession(test.app, leaver, "I am leaving");
    const theirs = await postConfession(test.app, stayer, "I stay");
    const bye = await postComment(test.app, leaver, theirs.id, "bye");
    await postComment(test.app, stayer, own.id, "on the leaver's post");
    await wallRequest(test.app, leaver, "PUT", CONFESSION_PATHS.reaction(theirs.id), { emoji: "😢" });
    const watcher = await test.connect(asPerson(stayer));
    expect((await emitWithAck(watcher, "join_confession_wall")).ok).toBe(true);
    const postGone = nextEvent(watcher, "confession_removed", (payload) => payload.id === own.id);
    const commentGone = nextEvent(
      watcher,
      "confession_comment_removed",
      (payload) => payload.commentId === bye.id,
    );
    const recounted = nextEvent(
      watcher,
      "confession_counts",
      // The comment and the reaction each leave at their own moment (ADR 0014).
      (payload) => payload.id === theirs.id && payload.commentCount === 0 && payload.reactions["😢"] === 0,
    );

    const deleted = await requestAs(test.app, leaver, "DELETE", ACCOUNT_PATHS.myProfile);
    expect(deleted.statusCode).toBe(200);
    expect(await commentGone).toEqual({ confessionId: theirs.id, commentId: bye.id });
    await postGone;
    await recounted;
    const count = async (table: string, column: string) => {
      const result = (await test.app.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${leaver.id}`,
      )) as unknown as { rows: Array<{ n: number }> };
      return result.rows[0]?.n;
    };
    expect(await count("confessions", "author_id")).toBe(0);
    expect(await count("confession_comments", "author_id")).toBe(0);
    expect(await count("confession_reactions", "user_id")).toBe(0);
    expect(await count("confession_pseudonyms", "user_id")).toBe(0);
    const left = (
      await wallRequest(test.app, stayer, "GET", CONFESSION_PATHS.confession(theirs.id))
    ).json() as {
      confession: ConfessionView;
    };
    expect(left.confession).toMatchObject({ commentCount: 0, reactions: { "😢": 0 } });
  });
});

import { randomUUID } from "node:crypto";
import {
  ACCOUNT_PATHS,
  CONFESSION_ERROR_MESSAGES,
  CONFESSION_PATHS,
  type ConfessionCommentList,
  type ConfessionPage,
  type ConfessionView,
} from "@heartline/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "../../src/db/rows";
import { confessionComments, confessions, reports } from "../../src/db/schema";
import { DELETED_AUTHOR_TARGET } from "../../src/features/confessions/report-confession";
import {
  asPerson,
  createRegistered,
  emitWithAck,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { recordFrames } from "../helpers/socket-events";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { errorOf, postComment, postConfession, wallRequest } from "./wall-fixtures";

/**
 * A day's window, not ADR 0014's 10 minutes: each item's moment is uniform in the window, so in a slow
 * full run one came due by itself about once in ten (the sweeper then removed it with its push before the
 * test brought its moment near). Nothing of the account's is due while this test looks; it brings moments
 * near by hand.
 */
const SCHEDULE = { windowMs: 24 * 60 * 60_000, gapMs: 500, sweepEveryMs: 200 };

/**
 * ADR 0014: a deleted account's confessions, comments and reactions stay on the wall, detached from it,
 * until each one's own moment; from then every read leaves it out, and the sweeper removes it and tells
 * open walls. Here the moments are brought near by hand (as the clock would bring them).
 */
describe("a deleted account's content until its moment (ADR 0014)", () => {
  let test: TestApp;
  const people = {} as Record<"leaver" | "stayer" | "other" | "newcomer" | "admin", TestPerson>;
  const ids = {} as {
    own: string;
    quiet: string;
    theirs: string;
    onOwn: string;
    onTheirs: string;
    reply: string;
  };

  beforeAll(async () => {
    test = await startTestApp({ env: { AUTH_RATE_LIMIT_SCALE: "100" }, accountRemovalPushes: SCHEDULE });
    const tag = randomUUID().slice(0, 4);
    for (const who of ["leaver", "stayer", "other", "newcomer"] as const) {
      people[who] = await createRegistered(test.app, `${who}_${tag}`);
    }
    people.admin = await createRegistered(test.app, `boss_${tag}`, { isAdmin: true });
    const { leaver, stayer, other } = people;
    ids.own = (await postConfession(test.app, leaver, "the leaver's post")).id;
    ids.quiet = (await postConfession(test.app, leaver, "the leaver's other post")).id;
    ids.theirs = (await postConfession(test.app, stayer, "the stayer's post")).id;
    await postComment(test.app, stayer, ids.own, "on the leaver's post");
    ids.onOwn = (await postComment(test.app, leaver, ids.own, "the OP answers")).id;
    ids.onTheirs = (await postComment(test.app, leaver, ids.theirs, "the leaver was here")).id;
    await postComment(test.app, other, ids.theirs, "so was I");
    ids.reply = (await postComment(test.app, other, ids.theirs, "a reply to the leaver", ids.onTheirs)).id;
    for (const on of [ids.own, ids.theirs]) {
      const reacted = await wallRequest(test.app, leaver, "PUT", CONFESSION_PATHS.reaction(on), {
        emoji: "❤️",
      });
      expect(reacted.statusCode).toBe(200);
    }
    const deleted = await requestAs(test.app, leaver, "DELETE", ACCOUNT_PATHS.myProfile);
    expect(deleted.statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  const feed = async () =>
    new Map(
      (
        (
          await wallRequest(test.app, people.stayer, "GET", `${CONFESSION_PATHS.confessions}?limit=50`)
        ).json() as ConfessionPage
      ).confessions.map((post): [string, ConfessionView] => [post.id, post]),
    );
  const thread = async (id: string) =>
    (
      (
        await wallRequest(test.app, people.stayer, "GET", CONFESSION_PATHS.comments(id))
      ).json() as ConfessionCommentList
    ).comments.map((comment) => ({ id: comment.id, pseudonym: comment.pseudonym, isOP: comment.isOP }));
  const dueIn = (table: "confessions" | "confession_comments", id: string, ms: number) =>
    test.app.db.execute(
      sql`update ${sql.identifier(table)} set removal_due_at = now() + ${ms}::int * interval '1 millisecond' where id = ${id}`,
    );

  it("reads the same as before the deletion, with nothing left that names the account", async () => {
    const posts = await feed();
    expect(posts.get(ids.own)).toMatchObject({ isOwn: false, commentCount: 2, reactions: { "❤️": 1 } });
    expect(posts.get(ids.theirs)).toMatchObject({ commentCount: 3, reactions: { "❤️": 1 } });
    expect(await thread(ids.own)).toEqual([
      expect.objectContaining({ pseudonym: "Anon 1", isOP: false }),
      { id: ids.onOwn, pseudonym: "OP", isOP: true },
    ]);
    expect(await thread(ids.theirs)).toEqual([
      { id: ids.onTheirs, pseudonym: "Anon 1", isOP: false },
      expect.objectContaining({ pseudonym: "Anon 2" }),
      { id: ids.reply, pseudonym: "Anon 2", isOP: false },
    ]);
    // The departed's number in a thread is never handed to someone else there.
    const joined = await postComment(test.app, people.newcomer, ids.theirs, "late to this");
    expect(joined.response.json()).toMatchObject({ comment: { pseudonym: "Anon 3" } });

    const naming = await test.app.db.execute(sql`
      select (select count(*) from confessions where author_id = ${people.leaver.id})
        + (select count(*) from confession_comments where author_id = ${people.leaver.id})
        + (select count(*) from confession_reactions where user_id = ${people.leaver.id})
        + (select count(*) from confession_pseudonyms where user_id = ${people.leaver.id}) as n`);
    expect(Number(rowsOf<{ n: string }>(naming)[0]?.n)).toBe(0);
  });

  it("gives each item its own moment, a gap apart; what sits on the account's own post goes with it", async () => {
    const due = rowsOf<{ what: string; at: Date | string }>(
      await test.app.db.execute(sql`
        select 'post' as what, removal_due_at as at from confessions where removal_due_at is not null
        union all select 'comment', removal_due_at from confession_comments where removal_due_at is not null
        union all select 'reaction', removal_due_at from confession_departing_reactions
          where removal_due_at is not null`),
    );
    expect(due.map((row) => row.what).sort()).toEqual(["comment", "post", "post", "reaction"]);
    const times = due.map((row) => new Date(row.at).getTime()).sort((a, b) => a - b);
    const gaps = times.slice(1).map((at, index) => at - (times[index] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(SCHEDULE.gapMs);
    const onOwn = await test.app.db
      .select({ dueAt: confessionComments.removalDueAt })
      .from(confessionComments)
      .where(eq(confessionComments.id, ids.onOwn));
    expect(onOwn).toEqual([{ dueAt: null }]);
  });

  it("a report of it is filed like any other, naming nobody; the admins learn the author is gone", async () => {
    const reported = await wallRequest(test.app, people.stayer, "POST", CONFESSION_PATHS.report(ids.own), {
      reason: "spam",
    });
    expect(reported.statusCode).toBe(201);
    const [row] = await test.app.db
      .select({ targetId: reports.targetId })
      .from(reports)
      .where(eq(reports.messageId, ids.own));
    expect(row).toEqual({ targetId: DELETED_AUTHOR_TARGET });
    const author = await requestAs(
      test.app,
      people.admin,
      "GET",
      CONFESSION_PATHS.adminConfessionAuthor(ids.own),
    );
    expect(author.statusCode).toBe(404);
    expect(errorOf(author)).toEqual({ code: "not_found", message: CONFESSION_ERROR_MESSAGES.authorDeleted });
  });

  it("from its moment every read leaves it out; the sweeper removes it then and tells open walls", async () => {
    const wall = await test.connect(asPerson(people.stayer));
    expect((await emitWithAck(wall, "join_confession_wall")).ok).toBe(true);
    const log = recordFrames(wall);
    await dueIn("confession_comments", ids.onTheirs, 300);
    await log.waitFor(
      (frame) =>
        frame.event === "confession_comment_removed" &&
        (frame.payload as { commentId: string }).commentId === ids.onTheirs,
      "the comment's removal",
    );
    // The reply went with it, at the same moment, in the reads and in the count.
    expect((await thread(ids.theirs)).map((comment) => comment.id)).not.toContain(ids.reply);
    expect((await feed()).get(ids.theirs)).toMatchObject({ commentCount: 2 });
    expect(
      await test.app.db.select().from(confessionComments).where(eq(confessionComments.id, ids.onTheirs)),
    ).toEqual([]);

    // Past its moment and not yet swept: gone from every read of the post at once.
    await dueIn("confessions", ids.own, -1);
    expect((await feed()).has(ids.own)).toBe(false);
    const one = await wallRequest(test.app, people.stayer, "GET", CONFESSION_PATHS.confession(ids.own));
    expect(errorOf(one)).toEqual({ code: "not_found", message: CONFESSION_ERROR_MESSAGES.notFound });
    const reacted = await wallRequest(test.app, people.stayer, "PUT", CONFESSION_PATHS.reaction(ids.own), {
      emoji: "😢",
    });
    expect(errorOf(reacted)).toEqual({ code: "not_found", message: CONFESSION_ERROR_MESSAGES.notFound });
    log.stop();
  });

  it("an item no node was up for at its moment is removed without a push", async () => {
    const wall = await test.connect(asPerson(people.other));
    expect((await emitWithAck(wall, "join_confession_wall")).ok).toBe(true);
    const log = recordFrames(wall);
    await test.app.db.execute(
      sql`update confessions set removal_due_at = now() - interval '1 minute' where id = ${ids.quiet}`,
    );
    await vi.waitFor(
      async () =>
        expect(await test.app.db.select().from(confessions).where(eq(confessions.id, ids.quiet))).toEqual([]),
      { timeout: 10_000, interval: 100 },
    );
    // Answered after every frame sent to this socket before: its log is complete.
    expect((await emitWithAck(wall, "join_confession_wall")).ok).toBe(true);
    expect(log.frames.filter((frame) => frame.text.includes(ids.quiet))).toEqual([]);
    log.stop();
  });
});

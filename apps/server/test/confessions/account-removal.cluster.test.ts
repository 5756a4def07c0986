import { randomUUID } from "node:crypto";
import { ACCOUNT_PATHS, CONFESSION_PATHS, type ConfessionPage, type ConfessionView } from "@heartline/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ScatteredPushOptions } from "../../src/features/confessions/index";
import {
  asPerson,
  createRegistered,
  emitWithAck,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import {
  createScratchDatabase,
  flushedRedisDb,
  type ScratchDatabase,
  withPg,
} from "../helpers/scratch-services";
import { type Frame, recordFrames } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";
import { pollReads, vanishings } from "../security/read-poller";
import { postComment, postConfession, wallRequest } from "./wall-fixtures";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
/** A Redis database of its own (5–13 are the other suites'). */
const REDIS_DB = 14;
/** Two frames closer than this count as "together" (the gap is ten times that or more). */
const SPAN_MS = 100;

type Log = ReturnType<typeof recordFrames>;

/**
 * ADR 0014 on two nodes sharing PostgreSQL and Redis: a deleted account's items leave every read at
 * their own moments, each is removed and pushed exactly once whichever node gets there, and neither a
 * node's restart nor every node being down at the moment brings them back or pushes them together.
 */
describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  DATABASE_URL && REDIS_URL
    ? "a deleted account's wall removals on two nodes"
    : "a deleted account's wall removals on two nodes (skipped: DATABASE_URL and REDIS_URL are needed)",
  () => {
    let database: ScratchDatabase | undefined;
    let env: Record<string, string> = {};
    const running = new Set<TestApp>();

    beforeAll(async () => {
      database = await createScratchDatabase(DATABASE_URL ?? "", "heartline_wallgone");
      env = { DATABASE_URL: database.url, REDIS_URL: await flushedRedisDb(REDIS_URL ?? "", REDIS_DB) };
    });
    afterEach(async () => {
      await Promise.all([...running].map((node) => stop(node)));
    });
    afterAll(async () => {
      await database?.drop();
    });

    const start = async (accountRemovalPushes: ScatteredPushOptions) => {
      const node = await startTestApp({ env, accountRemovalPushes });
      running.add(node);
      return node;
    };
    const stop = async (node: TestApp) => {
      running.delete(node);
      await node.close();
    };
    const watchWall = async (
      node: TestApp,
      person: TestPerson,
    ): Promise<{ socket: TestClient; log: Log }> => {
      const socket = await node.connect(asPerson(person));
      expect((await emitWithAck(socket, "join_confession_wall")).ok).toBe(true);
      return { socket, log: recordFrames(socket) };
    };
    /** What is still waiting for its moment, on the database's clock. */
    const waiting = (overdueByMs = 0) =>
      withPg(database?.url ?? "", async (client) => {
        const result = await client.query<{ n: number }>(
          `select (select count(*) from confessions where removal_due_at > now() - $1 * interval '1 ms')
            + (select count(*) from confession_comments where removal_due_at > now() - $1 * interval '1 ms')
            + (select count(*) from confession_departing_reactions
                where removal_due_at > now() - $1 * interval '1 ms') as n`,
          [overdueByMs],
        );
        return Number(result.rows[0]?.n);
      });
    const stored = () =>
      withPg(database?.url ?? "", async (client) => {
        const result = await client.query<{ n: number }>(
          `select (select count(*) from confessions where removal_due_at is not null)
            + (select count(*) from confession_comments where removal_due_at is not null)
            + (select count(*) from confession_departing_reactions where removal_due_at is not null) as n`,
        );
        return Number(result.rows[0]?.n);
      });

    /** A writer with three posts, a comment and a reaction on two other people's posts. */
    const writeAndLeaveSoon = async (node: TestApp) => {
      const tag = randomUUID().slice(0, 6);
      const writer = await createRegistered(node.app, `writer_${tag}`);
      const reader = await createRegistered(node.app, `reader_${tag}`);
      const posts: string[] = [];
      for (const text of ["one", "two", "three"]) {
        const posted = await postConfession(node.app, writer, `${text} ${tag}`);
        expect(posted.response.statusCode).toBe(201);
        posts.push(posted.id);
      }
      const commented = (await postConfession(node.app, reader, `commented ${tag}`)).id;
      const reacted = (await postConfession(node.app, reader, `reacted ${tag}`)).id;
      const comment = (await postComment(node.app, writer, commented, `a word ${tag}`)).id;
      const reaction = await wallRequest(node.app, writer, "PUT", CONFESSION_PATHS.reaction(reacted), {
        emoji: "❤️",
      });
      expect(reaction.statusCode).toBe(200);
      const items: Record<string, (frame: Frame) => boolean> = {
        ...Object.fromEntries(
          posts.map((id, index) => [
            `post ${index}`,
            (frame: Frame) =>
              frame.event === "confession_removed" && (frame.payload as { id: string }).id === id,
          ]),
        ),
        comment: (frame) =>
          frame.event === "confession_comment_removed" &&
          (frame.payload as { commentId: string }).commentId === comment,
        reaction: (frame) =>
          frame.event === "confession_counts" &&
          (frame.payload as ConfessionView).id === reacted &&
          (frame.payload as ConfessionView).reactions["❤️"] === 0,
      };
      const read = async (on: TestApp) => {
        const feed = await wallRequest(on.app, reader, "GET", `${CONFESSION_PATHS.confessions}?limit=50`);
        const shown = new Map(
          (feed.json() as ConfessionPage).confessions.map((post): [string, ConfessionView] => [
            post.id,
            post,
          ]),
        );
        return {
          ...Object.fromEntries(posts.map((id, index) => [`post ${index}`, shown.has(id)])),
          comment: shown.get(commented)?.commentCount === 1,
          reaction: shown.get(reacted)?.reactions["❤️"] === 1,
        };
      };
      return { writer, reader, items, read };
    };
    /** Each item's removal frames in a log. */
    const framesOf = (log: Log, items: Record<string, (frame: Frame) => boolean>) =>
      Object.fromEntries(Object.entries(items).map(([what, test]) => [what, log.frames.filter(test)]));

    it("each item leaves the reads at its moment and is removed and pushed once, across a restart", async () => {
      // Items a second apart: a poll stays shorter than that even while a node restarts in this process.
      const schedule = { windowMs: 3_000, gapMs: 1_000, sweepEveryMs: 500 };
      const first = await start(schedule);
      const second = await start(schedule);
      const { writer, reader, items, read } = await writeAndLeaveSoon(first);
      const steady = await watchWall(second, reader);
      const poller = pollReads(
        () => read(second),
        (poll) => Object.values(poll.present).every((shown) => !shown),
        30_000,
      );
      await vi.waitFor(() => expect(poller.polls.length).toBeGreaterThan(0), { timeout: 10_000 });

      const deleted = await requestAs(first.app, writer, "DELETE", ACCOUNT_PATHS.myProfile);
      expect(deleted.statusCode).toBe(200);
      await steady.log.waitFor(
        (frame) => Object.values(items).some((test) => test(frame)),
        "the first removal",
      );
      // The deleting node stops in the middle, and comes back.
      await stop(first);
      const restartedAt = performance.now();
      const again = await start(schedule);
      const late = await watchWall(again, reader);
      await Promise.all(Object.entries(items).map(([what, test]) => steady.log.waitFor(test, what, 20_000)));
      await poller.done;
      await vi.waitFor(async () => expect(await stored()).toBe(0), { timeout: 10_000, interval: 200 });
      // Answered after every frame sent to these sockets before: their logs are complete.
      for (const { socket } of [steady, late])
        expect((await emitWithAck(socket, "join_confession_wall")).ok).toBe(true);

      const heard = framesOf(steady.log, items);
      expect(
        Object.fromEntries(Object.entries(heard).map(([what, frames]) => [what, frames.length])),
      ).toEqual(Object.fromEntries(Object.keys(items).map((what) => [what, 1])));
      for (const [what, frames] of Object.entries(framesOf(late.log, items))) {
        expect(frames.length, what).toBeLessThanOrEqual(1);
      }
      const times = Object.values(heard)
        .map((frames) => (frames[0] as Frame).at)
        .sort((a, b) => a - b);
      const gaps = times.slice(1).map((at, index) => at - (times[index] as number));
      expect(Math.min(...gaps), `gaps between removals: ${gaps.join(", ")}`).toBeGreaterThanOrEqual(SPAN_MS);
      expect(
        times.some((at) => at > restartedAt),
        "some removals came after the restart",
      ).toBe(true);
      const gone = Object.values(vanishings(poller.polls));
      expect(new Set(gone).size, `the poll each item was first missing from: ${gone.join(", ")}`).toBe(
        gone.length,
      );
    }, 60_000);

    it("what fell due while every node was down stays out of the reads and goes without a push", async () => {
      // The first item is due a gap after the deletion: time to stop both nodes before it.
      const schedule = { windowMs: 1_000, gapMs: 1_500, sweepEveryMs: 500 };
      const first = await start(schedule);
      const second = await start(schedule);
      const { writer, reader, items, read } = await writeAndLeaveSoon(first);
      const deleted = await requestAs(first.app, writer, "DELETE", ACCOUNT_PATHS.myProfile);
      expect(deleted.statusCode).toBe(200);
      await Promise.all([stop(first), stop(second)]);
      expect(await stored()).toBe(Object.keys(items).length);
      // Every moment passes, by more than a look-ahead period, with no node up.
      await vi.waitFor(async () => expect(await waiting(schedule.sweepEveryMs * 2)).toBe(0), {
        timeout: 20_000,
        interval: 200,
      });

      const back = await start(schedule);
      const wall = await watchWall(back, reader);
      expect(Object.values(await read(back)).some((shown) => shown)).toBe(false);
      await vi.waitFor(async () => expect(await stored()).toBe(0), { timeout: 10_000, interval: 200 });
      expect((await emitWithAck(wall.socket, "join_confession_wall")).ok).toBe(true);
      const told = Object.values(framesOf(wall.log, items)).flat();
      expect(told.map((frame) => frame.event)).toEqual([]);
    }, 60_000);
  },
);

import { randomUUID } from "node:crypto";
import {
  type AckResult,
  CONFESSION_ERROR_MESSAGES,
  CONFESSION_PATHS,
  CONFESSIONS_PER_HOUR,
} from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { type Member, ORIGIN, registerMember } from "./faults/group-traffic";
import { nextEvent } from "./helpers/socket-events";
import type { TestClient } from "./helpers/test-app";
import { twoNodesForSuite } from "./helpers/two-nodes";

/**
 * The confession wall across nodes (issue #13 "Two nodes: a post on node A appears live on node B"):
 * two real server processes share PostgreSQL and Redis. A post on A reaches B's wall, a reaction on B
 * updates the counts on A, and the per-user post limit counts on both nodes together.
 */

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
/** A Redis database of its own (7 is the streaks', 8–15 the other suites' and the benchmarks'). */
const REDIS_DB = 6;

describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  DATABASE_URL && REDIS_URL
    ? "the confession wall across two nodes"
    : "the confession wall across two nodes (skipped: DATABASE_URL and REDIS_URL must both be set)",
  () => {
    const cluster = twoNodesForSuite({
      postgresUrl: DATABASE_URL ?? "",
      redisUrl: REDIS_URL ?? "",
      databasePrefix: "heartline_confc",
      redisDb: REDIS_DB,
    });
    const nodeUrl = (index: number) => cluster().nodeUrl(index);

    const register = (username: string): Promise<Member> =>
      registerMember(nodeUrl(0), cluster().databaseUrl, username);

    async function joinWall(member: Member, index: number): Promise<TestClient> {
      const socket = await cluster().connect(member.cookie, index);
      const joined = (await socket.timeout(10_000).emitWithAck("join_confession_wall")) as AckResult;
      expect(joined).toEqual({ ok: true });
      return socket;
    }

    function request(index: number, member: Member, method: string, path: string, body?: object) {
      return fetch(`${nodeUrl(index)}${path}`, {
        method,
        headers: {
          origin: ORIGIN,
          cookie: member.cookie,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    }

    it("a post on node A arrives on node B; a reaction on B updates the counts on A", async () => {
      const author = await register("Wall_Author");
      const reader = await register("Wall_Reader");
      const authorOnA = await joinWall(author, 0);
      const readerOnB = await joinWall(reader, 1);

      const id = randomUUID();
      const created = nextEvent(readerOnB, "confession_created", (payload) => payload.id === id, 10_000);
      const posted = await request(0, author, "POST", CONFESSION_PATHS.confessions, {
        id,
        content: "hello, B",
      });
      expect(posted.status).toBe(201);
      expect((await created).id).toBe(id);

      const counts = nextEvent(
        authorOnA,
        "confession_counts",
        (payload) => payload.id === id && payload.reactions["❤️"] === 1,
        10_000,
      );
      const reacted = await request(1, reader, "PUT", CONFESSION_PATHS.reaction(id), { emoji: "❤️" });
      expect(reacted.status).toBe(200);
      expect((await counts).reactions["❤️"]).toBe(1);

      const seenOnB = await request(1, reader, "GET", CONFESSION_PATHS.confession(id));
      expect(await seenOnB.json()).toMatchObject({ confession: { id, isOwn: false, myReaction: "❤️" } });
    });

    it("first comments at once on both nodes get distinct pseudonyms (the row lock in PostgreSQL)", async () => {
      const op = await register("Wall_Op");
      const id = randomUUID();
      expect(
        (await request(0, op, "POST", CONFESSION_PATHS.confessions, { id, content: "ask me" })).status,
      ).toBe(201);
      const people = [];
      for (let index = 0; index < 8; index++) people.push(await register(`Wall_Anon${index}`));
      const answers = await Promise.all(
        people.map(async (person, index) => {
          const response = await request(index % 2, person, "POST", CONFESSION_PATHS.comments(id), {
            id: randomUUID(),
            content: `from ${index}`,
          });
          expect(response.status).toBe(201);
          return ((await response.json()) as { comment: { pseudonym: string } }).comment.pseudonym;
        }),
      );
      expect([...answers].sort()).toEqual(people.map((_, index) => `Anon ${index + 1}`).sort());
    });

    it("a double submit on both nodes at once stores one post (the duplicate drop in PostgreSQL)", async () => {
      const clicker = await register("Wall_Clicker");
      const answers = await Promise.all(
        [0, 1].map((index) =>
          request(index, clicker, "POST", CONFESSION_PATHS.confessions, {
            id: randomUUID(),
            content: "clicked on two tabs",
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    });

    it("the per-user post limit counts on both nodes together", async () => {
      const poster = await register("Wall_Poster");
      for (let index = 0; index < CONFESSIONS_PER_HOUR; index++) {
        const response = await request(index % 2, poster, "POST", CONFESSION_PATHS.confessions, {
          id: randomUUID(),
          content: `post ${index}`,
        });
        expect(response.status).toBe(201);
      }
      const over = await request(1, poster, "POST", CONFESSION_PATHS.confessions, {
        id: randomUUID(),
        content: "one more",
      });
      expect(over.status).toBe(429);
      expect(await over.json()).toEqual({
        error: { code: "rate_limited", message: CONFESSION_ERROR_MESSAGES.tooManyConfessions },
      });
    });
  },
);

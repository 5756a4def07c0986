import { randomUUID } from "node:crypto";
import {
  type AckResult,
  CHAT_MESSAGE_RATE_LIMIT,
  CHAT_RATE_LIMITED,
  CONFESSION_ERROR_MESSAGES,
  CONFESSION_PATHS,
  CONFESSION_REACTIONS,
  type GroupMessageAck,
  type SendChatMessagePayload,
  type SendGroupMessagePayload,
} from "@heartline/shared";
import { io as connectClient } from "socket.io-client";
import { expect, it } from "vitest";
import { type Member, registerMember, waitUntil } from "../faults/group-traffic";
import { withPg } from "../helpers/scratch-services";
import { nextEvent, recordEvents } from "../helpers/socket-events";
import type { TestClient } from "../helpers/test-app";
import {
  type Answer,
  call,
  callAtOnce,
  describeOnTwoNodes,
  FROM_BOTH_NODES,
  refusal,
} from "./concurrent-calls";

/**
 * The wall's and the rooms' at-most-once rules under real concurrency (issue #33): the same post,
 * comment, reaction or message from tabs on two nodes at the same instant, round after round. A
 * confession, a comment and a group message are stored once per id, every retry answered with the
 * stored row and announced once; a double submit on the wall is one post (spec §5's 5 s rule, also
 * for a text AutoMod masks); one reaction per user per confession; a random-chat id is relayed once.
 */

/** A Redis database of its own (3 and 4 are the other races suites', 5–13 the other cluster suites'). */
const REDIS_DB = 2;
/** Below the hourly post limit of one author (CONFESSIONS_PER_HOUR). */
const WALL_ROUNDS = 4;
/** Within the group room's message limit of one sender (10 in 10 s), retries included until rewarded. */
const ROOM_ROUNDS = 5;
/** Within one visitor's random-chat message limit (10 in 10 s): two sends and a marker a round. */
const RANDOM_ROUNDS = 3;

describeOnTwoNodes(
  "the wall and the rooms at the same instant on two nodes",
  { databasePrefix: "heartline_amw", redisDb: REDIS_DB },
  (nodes) => {
    const nodeUrl = (index: number) => nodes().nodeUrl(index);
    const register = (username: string) => registerMember(nodeUrl(0), nodes().databaseUrl, username);
    const count = (text: string, values: unknown[]) =>
      withPg(nodes().databaseUrl, async (client) =>
        Number((await client.query<{ n: string }>(text, values)).rows[0]?.n),
      );

    /** A watcher of the wall on each node, and what reaches them. */
    async function wallWatchers() {
      const watcher = await register(`Watch_${randomUUID().slice(0, 6)}`);
      const sockets = [await nodes().connect(watcher.cookie, 0), await nodes().connect(watcher.cookie, 1)];
      for (const socket of sockets) {
        expect(await socket.timeout(10_000).emitWithAck("join_confession_wall")).toEqual({ ok: true });
      }
      const created = sockets.map((socket) => recordEvents(socket, "confession_created"));
      const comments = sockets.map((socket) => recordEvents(socket, "confession_comment_created"));
      return { sockets, created, comments };
    }

    /**
     * Every wall push of the round has reached the watchers: a comment posted through each node after
     * it, which each node announces after what it announced before.
     */
    async function wallSettled(
      watchers: Awaited<ReturnType<typeof wallWatchers>>,
      marker: { author: Member; id: string },
    ) {
      const ids: string[] = [];
      for (const node of [0, 1]) {
        const id = randomUUID();
        const posted = await call(
          nodeUrl(node),
          marker.author,
          "POST",
          CONFESSION_PATHS.comments(marker.id),
          {
            id,
            content: `marker ${id}`,
          },
        );
        expect(posted.status).toBe(201);
        ids.push(id);
      }
      for (const { payloads } of watchers.comments) {
        await waitUntil(
          () => ids.every((id) => payloads.some((each) => each.comment.id === id)),
          15_000,
          "the markers",
        );
      }
    }

    async function markerConfession() {
      const author = await register(`Mark_${randomUUID().slice(0, 6)}`);
      const id = randomUUID();
      expect(
        (
          await call(nodeUrl(0), author, "POST", CONFESSION_PATHS.confessions, {
            id,
            content: "markers here",
          })
        ).status,
      ).toBe(201);
      return { author, id };
    }

    const announced = (watchers: Awaited<ReturnType<typeof wallWatchers>>, id: string) =>
      watchers.created.map(({ payloads }) => payloads.filter((payload) => payload.id === id).length);

    it(`a double submit on ${FROM_BOTH_NODES.length} tabs of two nodes, ${WALL_ROUNDS} rounds (masked texts too): one post, announced once`, async () => {
      const [author, watchers, marker] = [
        await register("Dbl_Author"),
        await wallWatchers(),
        await markerConfession(),
      ];
      for (let round = 1; round <= WALL_ROUNDS; round++) {
        // Every other round a text AutoMod masks on the wall: the repeat is compared as stored.
        const content = round % 2 ? `clicked twice, round ${round}` : `oh fuck off, round ${round}`;
        const ids = FROM_BOTH_NODES.map(() => randomUUID());
        const answers = await callAtOnce(
          nodeUrl,
          FROM_BOTH_NODES,
          author,
          "POST",
          CONFESSION_PATHS.confessions,
          (index) => ({
            id: ids[index],
            content,
          }),
        );
        const posted = answers.findIndex((answer) => answer.status === 201);
        expect(posted, `round ${round}: one post`).toBeGreaterThanOrEqual(0);
        expect(
          answers.filter((_, index) => index !== posted),
          `round ${round}: the rest dropped`,
        ).toEqual(
          Array(answers.length - 1).fill(refusal(409, "conflict", CONFESSION_ERROR_MESSAGES.duplicate)),
        );
        expect(
          await count(
            "select count(*) as n from confessions where author_id = $1 and created_at > now() - interval '1 minute' and id = any($2)",
            [author.id, ids],
          ),
        ).toBe(1);
        await wallSettled(watchers, marker);
        expect(announced(watchers, ids[posted] ?? ""), `round ${round}: announced once`).toEqual([1, 1]);
      }
    }, 120_000);

    it(`a post and a comment retried on ${FROM_BOTH_NODES.length} tabs of two nodes, ${WALL_ROUNDS} rounds: one row each, every retry answered with it, announced once`, async () => {
      const [author, watchers, marker] = [
        await register("Rty_Author"),
        await wallWatchers(),
        await markerConfession(),
      ];
      const sameRow = (answers: Answer[], what: string) => {
        expect(
          answers.map((answer) => answer.status).sort(),
          `${what}: one stored, the rest retries`,
        ).toEqual([200, 200, 200, 201]);
        expect(
          answers.map((answer) => answer.body),
          `${what}: every answer the stored row`,
        ).toEqual(Array(answers.length).fill(answers[0]?.body));
      };
      for (let round = 1; round <= WALL_ROUNDS; round++) {
        const post = { id: randomUUID(), content: `sent again, round ${round}` };
        sameRow(
          await callAtOnce(nodeUrl, FROM_BOTH_NODES, author, "POST", CONFESSION_PATHS.confessions, post),
          `round ${round} post`,
        );
        expect(await count("select count(*) as n from confessions where id = $1", [post.id])).toBe(1);
        const comment = { id: randomUUID(), content: `a comment, round ${round}` };
        sameRow(
          await callAtOnce(
            nodeUrl,
            FROM_BOTH_NODES,
            author,
            "POST",
            CONFESSION_PATHS.comments(post.id),
            comment,
          ),
          `round ${round} comment`,
        );
        expect(await count("select count(*) as n from confession_comments where id = $1", [comment.id])).toBe(
          1,
        );
        await wallSettled(watchers, marker);
        expect(announced(watchers, post.id), `round ${round}: post announced once`).toEqual([1, 1]);
        const commentsAnnounced = watchers.comments.map(
          ({ payloads }) => payloads.filter((each) => each.comment.id === comment.id).length,
        );
        expect(commentsAnnounced, `round ${round}: comment announced once`).toEqual([1, 1]);
      }
    }, 120_000);

    it("reactions tapped at once on two nodes: one per user per confession, every user counted once", async () => {
      const author = await register("Rx_Author");
      const id = randomUUID();
      expect(
        (await call(nodeUrl(0), author, "POST", CONFESSION_PATHS.confessions, { id, content: "react to me" }))
          .status,
      ).toBe(201);
      const people = [];
      for (let index = 0; index < 4; index++) people.push(await register(`Rx_Fan${index}`));
      // Each person taps four different emoji at once, two on each node.
      const answers = await Promise.all(
        people.flatMap((person) =>
          FROM_BOTH_NODES.map((node, index) =>
            call(nodeUrl(node), person, "PUT", CONFESSION_PATHS.reaction(id), {
              emoji: CONFESSION_REACTIONS[index],
            }),
          ),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(answers.length).fill(200));
      expect(
        await count("select count(*) as n from confession_reactions where confession_id = $1", [id]),
      ).toBe(people.length);
      for (const person of people) {
        const seen = await call(nodeUrl(1), person, "GET", CONFESSION_PATHS.confession(id));
        const { confession } = seen.body as {
          confession: { reactions: Record<string, number>; myReaction: string };
        };
        const [stored] = await withPg(
          nodes().databaseUrl,
          async (client) =>
            (
              await client.query<{ emoji: string }>(
                "select emoji from confession_reactions where confession_id = $1 and user_id = $2",
                [id, person.id],
              )
            ).rows,
        );
        expect(confession.myReaction).toBe(stored?.emoji);
        expect(Object.values(confession.reactions).reduce((sum, n) => sum + n, 0)).toBe(people.length);
      }
    }, 120_000);

    it(`a group message retried on ${FROM_BOTH_NODES.length} tabs of two nodes, ${ROOM_ROUNDS} rounds: one row, every send answered with it, one broadcast`, async () => {
      const [sender, watcher, markers] = [
        await register("Grp_Sender"),
        await register("Grp_Watcher"),
        [await register("Grp_Mark0"), await register("Grp_Mark1")],
      ];
      const joined = async (member: Member, node: number) => {
        const socket = await nodes().connect(member.cookie, node);
        const answer = (await socket.timeout(10_000).emitWithAck("join_group", {})) as AckResult;
        expect(answer.ok).toBe(true);
        return socket;
      };
      const tabs = await Promise.all(FROM_BOTH_NODES.map((node) => joined(sender, node)));
      const watching = [await joined(watcher, 0), await joined(watcher, 1)];
      const markerTabs = [await joined(markers[0] as Member, 0), await joined(markers[1] as Member, 1)];
      const received = watching.map((socket) => recordEvents(socket, "group_message"));
      const send = (socket: TestClient, payload: SendGroupMessagePayload) =>
        socket.timeout(15_000).emitWithAck("group_message", payload) as Promise<AckResult<GroupMessageAck>>;
      for (let round = 1; round <= ROOM_ROUNDS; round++) {
        // Shorter than AutoMod's flood fingerprint: its own limit on near-duplicates stays out of this.
        const payload = { id: randomUUID(), content: `gm ${round}`, type: "text" as const };
        const acks = await Promise.all(tabs.map((tab) => send(tab, payload)));
        expect(acks[0], `round ${round}`).toMatchObject({ ok: true, data: { id: payload.id } });
        expect(acks, `round ${round}: every send answered with the stored row`).toEqual(
          Array(acks.length).fill(acks[0]),
        );
        expect(await count("select count(*) as n from group_messages where id = $1", [payload.id])).toBe(1);
        const markerIds: string[] = [];
        for (const tab of markerTabs) {
          const mark = { id: randomUUID(), content: `mk ${round}`, type: "text" as const };
          expect((await send(tab, mark)).ok).toBe(true);
          markerIds.push(mark.id);
        }
        for (const { payloads } of received) {
          await waitUntil(
            () => markerIds.every((id) => payloads.some((each) => each.id === id)),
            15_000,
            "the markers",
          );
          expect(
            payloads.filter((each) => each.id === payload.id),
            `round ${round}: one broadcast`,
          ).toHaveLength(1);
        }
      }
    }, 120_000);

    /** Two visitors matched in the random chat, one on each node; closed by `use`'s end. */
    async function matchedVisitors(use: (first: TestClient, second: TestClient) => Promise<void>) {
      const [first, second] = [await visitor(nodeUrl(0)), await visitor(nodeUrl(1))];
      try {
        const matched = [
          nextEvent(first, "matched", () => true, 15_000),
          nextEvent(second, "matched", () => true, 15_000),
        ];
        for (const [socket, gender, preference] of [
          [first, "female", "male"],
          [second, "male", "female"],
        ] as const) {
          await socket.timeout(10_000).emitWithAck("confirm_adult", { accepted: true });
          expect(
            await socket.timeout(10_000).emitWithAck("join", { gender, preference, allowAI: false }),
          ).toMatchObject({ ok: true });
        }
        await Promise.all(matched);
        await use(first, second);
      } finally {
        first.disconnect();
        second.disconnect();
      }
    }
    const chat = (socket: TestClient, payload: SendChatMessagePayload) =>
      socket.timeout(10_000).emitWithAck("chat_message", payload);
    const chatText = (content: string) => ({ id: randomUUID(), content, type: "text" as const });

    it(`a random-chat message sent twice at once, ${RANDOM_ROUNDS} rounds: acknowledged alike, relayed once to the partner on the other node`, async () => {
      await matchedVisitors(async (first, second) => {
        const relayed = recordEvents(second, "chat_message");
        for (let round = 1; round <= RANDOM_ROUNDS; round++) {
          const payload = chatText(`rc ${round}`);
          const acks = await Promise.all([chat(first, payload), chat(first, payload)]);
          expect(acks[0], `round ${round}`).toMatchObject({ ok: true, data: { id: payload.id } });
          expect(acks[1], `round ${round}: acknowledged alike`).toEqual(acks[0]);
          const mark = chatText(`mk ${round}`);
          expect(await chat(first, mark)).toMatchObject({ ok: true });
          await waitUntil(() => relayed.payloads.some((each) => each.id === mark.id), 15_000, "the marker");
          expect(
            relayed.payloads.filter((each) => each.id === payload.id),
            `round ${round}: relayed once`,
          ).toHaveLength(1);
        }
      });
    }, 60_000);

    it("a random-chat retry at the sender's message limit is answered with its first ack, not refused", async () => {
      await matchedVisitors(async (first, second) => {
        const relayed = recordEvents(second, "chat_message");
        const original = chatText("hello?");
        const sent = await chat(first, original);
        expect(sent).toMatchObject({ ok: true });
        for (let index = 1; index < CHAT_MESSAGE_RATE_LIMIT; index++) {
          expect(await chat(first, chatText(`and ${index}`))).toMatchObject({ ok: true });
        }
        expect(await chat(first, chatText("one too many"))).toEqual({
          ok: false,
          error: { code: "rate_limited", message: CHAT_RATE_LIMITED },
        });
        // The client did not see the first ack (a reconnect) and sends it again: the partner has it.
        expect(await chat(first, original)).toEqual(sent);
        expect(relayed.payloads.filter((each) => each.id === original.id)).toHaveLength(1);
      });
    }, 60_000);
  },
);

/** A visitor (no account) connected to a node by websocket. */
async function visitor(nodeUrl: string): Promise<TestClient> {
  const socket: TestClient = connectClient(nodeUrl, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return socket;
}

import { randomUUID } from "node:crypto";
import {
  type AckResult,
  AUTOMOD_BLOCKED_CODE,
  AUTOMOD_COPIES,
  AUTOMOD_COPIES_RULE,
  AUTOMOD_MESSAGES,
  AUTOMOD_PATHS,
  AUTOMOD_REPORTER_NAME,
  type AutomodRule,
  automodBlockedMessage,
  automodMuteReason,
  type ModerationMe,
} from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { REVIEW_RATE_LIMIT } from "../src/features/automod/automod";
import { FLOOD_RULE } from "../src/features/automod/screen-message";
import { type Member, ORIGIN, registerMember } from "./faults/group-traffic";
import { withPg } from "./helpers/scratch-services";
import type { TestClient } from "./helpers/test-app";
import { twoNodesForSuite } from "./helpers/two-nodes";

/**
 * AutoMod across nodes (issue #15): two real server processes share PostgreSQL and Redis. A rule an
 * admin adds on node A applies to a message sent on node B (the compiled rules are reloaded through
 * the adapter), its removal on B frees A, and a near-duplicate flood counts on both nodes together, as
 * do a user's hits towards the automatic mute, the new accounts sending the same text, and a user's
 * review requests (issue #33), of which parallel ones for one item file one review.
 */

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
/** A Redis database of its own (6–15 are the other suites' and the benchmarks'). */
const REDIS_DB = 5;

describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  DATABASE_URL && REDIS_URL
    ? "AutoMod across two nodes"
    : "AutoMod across two nodes (skipped: DATABASE_URL and REDIS_URL must both be set)",
  () => {
    const nodes = twoNodesForSuite({
      postgresUrl: DATABASE_URL ?? "",
      redisUrl: REDIS_URL ?? "",
      databasePrefix: "heartline_automodc",
      redisDb: REDIS_DB,
    });
    const nodeUrl = (index: number) => nodes().nodeUrl(index);
    const register = (username: string): Promise<Member> =>
      registerMember(nodeUrl(0), nodes().databaseUrl, username);
    const connect = (member: Member, index: number): Promise<TestClient> =>
      nodes().connect(member.cookie, index);
    const makeAdmin = (member: Member) =>
      withPg(nodes().databaseUrl, (client) =>
        client.query(`update "user" set role = 'admin' where id = $1`, [member.id]),
      );
    const request = (index: number, member: Member, method: string, path: string, body?: object) =>
      fetch(`${nodeUrl(index)}${path}`, {
        method,
        headers: {
          origin: ORIGIN,
          cookie: member.cookie,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

    const dm = (socket: TestClient, receiverId: string, content: string) =>
      socket
        .timeout(10_000)
        .emitWithAck("direct_message", { id: randomUUID(), receiverId, content, type: "text" }) as Promise<
        AckResult<unknown>
      >;

    it("a rule added on node A blocks on node B; removed on B, it stops blocking on A", async () => {
      const admin = await register("Auto_Admin");
      await makeAdmin(admin);
      const sender = await register("Auto_Sender");
      const receiver = await register("Auto_Receiver");
      const senderOnA = await connect(sender, 0);
      const senderOnB = await connect(sender, 1);

      const added = await request(0, admin, "POST", AUTOMOD_PATHS.adminRules, {
        name: "Cluster words",
        phrase: "purple elephant",
        surfaces: ["dm"],
        action: "block",
      });
      expect(added.status).toBe(201);
      const { rule } = (await added.json()) as { rule: AutomodRule };
      const refusal = {
        ok: false,
        error: { code: AUTOMOD_BLOCKED_CODE, message: automodBlockedMessage("Cluster words") },
      };
      // Node B hears of the change through the adapter; the send is refused once it has.
      await expect
        .poll(() => dm(senderOnB, receiver.id, `a purple elephant ${randomUUID()}`), { timeout: 10_000 })
        .toEqual(refusal);

      const removed = await request(1, admin, "DELETE", AUTOMOD_PATHS.adminRule(rule.id));
      expect(await removed.json()).toEqual({ removed: true });
      await expect
        .poll(async () => (await dm(senderOnA, receiver.id, `purple elephant ${randomUUID()}`)).ok, {
          timeout: 10_000,
        })
        .toBe(true);
    });

    it("a near-duplicate flood counts on both nodes together", async () => {
      const sender = await register("Flood_Sender");
      const receiver = await register("Flood_Receiver");
      const sockets = [await connect(sender, 0), await connect(sender, 1)] as const;
      const variants = [
        "Follow me now!",
        "follow me now!!",
        "FOLLOW ME NOW",
        "follow  me  now",
        "Follow, me, now.",
      ];
      for (const [index, variant] of variants.entries()) {
        expect((await dm(sockets[index % 2] as TestClient, receiver.id, variant)).ok).toBe(true);
      }
      expect(await dm(sockets[1], receiver.id, "follow me noww")).toEqual({
        ok: false,
        error: { code: "rate_limited", message: FLOOD_RULE.message },
      });
    });

    it("hits on both nodes add up to the automatic mute, enforced on either", async () => {
      const sender = await register("Strike_Sender");
      const receiver = await register("Strike_Receiver");
      const sockets = [await connect(sender, 0), await connect(sender, 1)] as const;
      const slurs = ["you r3tard", "what a f@g", "k i k e"];
      for (const [index, line] of slurs.entries()) {
        const answer = await dm(sockets[index === 1 ? 1 : 0], receiver.id, line);
        expect(answer).toMatchObject({ ok: false, error: { code: AUTOMOD_BLOCKED_CODE } });
      }
      const me = (await (await request(1, sender, "GET", "/api/moderation/me")).json()) as ModerationMe;
      expect(me.mute).toMatchObject({
        mutedBy: AUTOMOD_REPORTER_NAME,
        reason: automodMuteReason("Slurs (built-in)"),
      });
      expect(me.mute?.expiresAt).toBeGreaterThan(Date.now());
    });

    it("the same text from new accounts on both nodes counts together", async () => {
      const receiver = await register("Copies_Receiver");
      const variants = [
        "Win a free phone today at my page",
        "win a free phone today at my page!",
        "WIN A FREE PHONE TODAY AT MY PAGE",
      ];
      for (let index = 0; index < AUTOMOD_COPIES.senders; index += 1) {
        const sender = await register(`Copies_Sender_${index}`);
        const socket = await connect(sender, index % 2);
        expect((await dm(socket, receiver.id, variants[index % variants.length] ?? "")).ok).toBe(true);
      }
      const late = await register("Copies_Late");
      for (const index of [0, 1]) {
        expect(
          await dm(await connect(late, index), receiver.id, "win a free phone today at my page!!"),
        ).toEqual({
          ok: false,
          error: { code: "rate_limited", message: AUTOMOD_COPIES_RULE.message },
        });
      }
    });

    it("a user's review requests count on both nodes together (issue #33)", async () => {
      const asker = await register("Review_Flooder");
      const answers = await Promise.all(
        Array.from({ length: REVIEW_RATE_LIMIT.points * 2 }, (_, index) =>
          request(index % 2, asker, "POST", AUTOMOD_PATHS.reviews, { messageId: randomUUID() }),
        ),
      );
      const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as Array<{
        error: { code: string; message: string };
      }>;
      const codes = bodies.map((body) => body.error.code);
      expect(codes.filter((code) => code === "not_found")).toHaveLength(REVIEW_RATE_LIMIT.points);
      expect(codes.filter((code) => code === "rate_limited")).toHaveLength(REVIEW_RATE_LIMIT.points);
      expect(bodies.find((body) => body.error.code === "rate_limited")?.error.message).toBe(
        AUTOMOD_MESSAGES.tooManyReviews,
      );
    });

    it("parallel review requests for one blocked text, under one id or two, file one review (issue #33)", async () => {
      const sender = await register("Review_Racer");
      const receiver = await register("Review_Target");
      const socket = await connect(sender, 0);
      const ids: string[] = [];
      for (let index = 0; index < 2; index += 1) {
        const id = randomUUID();
        const answer = await socket.timeout(10_000).emitWithAck("direct_message", {
          id,
          receiverId: receiver.id,
          content: "go away tr4nny",
          type: "text",
        });
        expect(answer).toMatchObject({ ok: false, error: { code: AUTOMOD_BLOCKED_CODE } });
        ids.push(id);
      }
      const answers = await Promise.all(
        [0, 1, 0, 1].map((node, index) =>
          request(node, sender, "POST", AUTOMOD_PATHS.reviews, { messageId: ids[index % 2] }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409]);
      const refused = await Promise.all(
        answers.filter((answer) => answer.status === 409).map((a) => a.json()),
      );
      for (const body of refused) {
        expect(body).toEqual({
          error: { code: "conflict", message: AUTOMOD_MESSAGES.reviewAlreadyRequested },
        });
      }
    });
  },
);

import { randomUUID } from "node:crypto";
import { type AckResult, type DirectMessage, SOCIAL_PATHS } from "@heartline/shared";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { type Member, ORIGIN, registerMember } from "./faults/group-traffic";
import { withPg } from "./helpers/scratch-services";
import type { TestClient } from "./helpers/test-app";
import { twoNodesForSuite } from "./helpers/two-nodes";

/**
 * Streaks across nodes on PostgreSQL (issue #12 "Done when"): both friends send within the same
 * millisecond on different nodes, 200 times, and the count rises exactly once per day; a send racing an
 * unfriend cannot leave a streak behind for the ended friendship.
 */

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
/** A Redis database of its own (8–15 are the other cluster suites' and the benchmarks'). */
const REDIS_DB = 7;
const ROUNDS = 200;
/** The advisory lock a test trigger waits on, to hold a send right before its streak write. */
const PAUSE_LOCK = 4_242;

describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  DATABASE_URL && REDIS_URL
    ? "streaks across two nodes"
    : "streaks across two nodes (skipped: DATABASE_URL and REDIS_URL must both be set)",
  () => {
    const nodes = twoNodesForSuite({
      postgresUrl: DATABASE_URL ?? "",
      redisUrl: REDIS_URL ?? "",
      databasePrefix: "heartline_stc",
      redisDb: REDIS_DB,
      // 200 rounds in seconds: far above a person's pace, so the per-user message limit is raised.
      env: { SOCKET_EVENT_LIMIT_SCALE: "100" },
    });
    const nodeUrl = (index: number) => nodes().nodeUrl(index);
    const databaseUrl = () => nodes().databaseUrl;
    const connect = (member: Member, index: number) => nodes().connect(member.cookie, index);

    /** Two registered friends (accepted in SQL), the first on node 0, the second on node 1. */
    async function friendsOnTwoNodes(prefix: string) {
      const one = await registerMember(nodeUrl(0), databaseUrl(), `${prefix}_One`);
      const two = await registerMember(nodeUrl(0), databaseUrl(), `${prefix}_Two`);
      await withPg(databaseUrl(), (client) =>
        client.query(
          `insert into friend_requests (sender_id, receiver_id, status) values ($1, $2, 'accepted')`,
          [one.id, two.id],
        ),
      );
      return { one, two, oneOnA: await connect(one, 0), twoOnB: await connect(two, 1) };
    }

    const sendDm = (socket: TestClient, receiverId: string) =>
      socket.timeout(10_000).emitWithAck("direct_message", {
        id: randomUUID(),
        receiverId,
        content: `streak ${randomUUID()}`,
        type: "text",
      }) as Promise<AckResult<DirectMessage>>;

    const pair = (one: Member, two: Member) => (one.id < two.id ? [one.id, two.id] : [two.id, one.id]);

    async function streakRow(client: pg.Client, one: Member, two: Member) {
      const result = await client.query<{ count: number; last_streak_day: string; active: boolean }>(
        "select count, last_streak_day, active from streaks where user_a = $1 and user_b = $2",
        pair(one, two),
      );
      return result.rows[0];
    }

    it(`both friends send in the same instant on two nodes, ${ROUNDS} days: the count rises exactly once a day`, async () => {
      const { one, two, oneOnA, twoOnB } = await friendsOnTwoNodes("Race");
      await withPg(databaseUrl(), async (client) => {
        for (let round = 1; round <= ROUNDS; round += 1) {
          // The nodes' clocks cannot move: "a new day" is yesterday's streak, moved back a calendar day.
          await client.query(
            `update streaks set last_streak_day = to_char(last_streak_day::date - 1, 'YYYY-MM-DD'),
                    last_message_at = last_message_at - interval '24 hours'
              where user_a = $1 and user_b = $2`,
            pair(one, two),
          );
          const [fromOne, fromTwo] = await Promise.all([sendDm(oneOnA, two.id), sendDm(twoOnB, one.id)]);
          // Acked only after commit: both of the round's messages are stored.
          expect(
            [fromOne, fromTwo].map((ack) => (ack.ok ? "ok" : `${ack.error.code}: ${ack.error.message}`)),
            `round ${round} acks`,
          ).toEqual(["ok", "ok"]);
          const row = await streakRow(client, one, two);
          expect(row, `round ${round}`).toMatchObject({ count: round, active: true });
        }
        const stored = await client.query<{ n: string }>(
          "select count(*) as n from direct_messages where sender_id in ($1, $2)",
          [one.id, two.id],
        );
        expect(Number(stored.rows[0]?.n)).toBe(2 * ROUNDS);
        const highest = await client.query<{ highest_count: number }>(
          "select highest_count from streaks where user_a = $1 and user_b = $2",
          pair(one, two),
        );
        expect(highest.rows[0]?.highest_count).toBe(ROUNDS);
      });
    }, 90_000);

    /** What ends the friendship, from the second friend's session on node 1, and what it answers. */
    const endings: {
      name: string;
      prefix: string;
      request: (target: Member) => { method: string; path: string; body?: string };
      answer: object;
    }[] = [
      {
        name: "an unfriend",
        prefix: "Unf",
        request: (target) => ({ method: "DELETE", path: SOCIAL_PATHS.friend(target.id) }),
        answer: { removed: true },
      },
      {
        name: "a block",
        prefix: "Blk",
        request: (target) => ({
          method: "POST",
          path: SOCIAL_PATHS.blocks,
          body: JSON.stringify({ userId: target.id }),
        }),
        answer: { blocked: true },
      },
    ];

    it.each(endings)(
      "a send racing $name on the other node leaves no streak for the ended friendship",
      async ({ prefix, request, answer }) => {
        const { one, two, oneOnA, twoOnB } = await friendsOnTwoNodes(prefix);
        expect((await sendDm(oneOnA, two.id)).ok).toBe(true);
        expect((await sendDm(twoOnB, one.id)).ok).toBe(true);
        await withPg(databaseUrl(), async (control) => {
          expect(await streakRow(control, one, two)).toMatchObject({ count: 1, active: true });
          // Test-only: a streak write waits for PAUSE_LOCK, which this connection holds — so the send is
          // held inside its transaction after its friendship check and before its streak write.
          await control.query(`
          create function pause_streak_write() returns trigger language plpgsql as $$
          begin perform pg_advisory_xact_lock(${PAUSE_LOCK}); return new; end $$;
          create trigger pause_streak_write before insert on streaks
            for each row execute function pause_streak_write();`);
          await control.query("select pg_advisory_lock($1)", [PAUSE_LOCK]);
          try {
            const send = sendDm(oneOnA, two.id);
            await waitForBackend(control, "advisory");
            let isUnfriendDone = false;
            const { method, path, body } = request(one);
            const unfriend = fetch(`${nodeUrl(1)}${path}`, {
              method,
              headers: {
                origin: ORIGIN,
                cookie: two.cookie,
                ...(body ? { "content-type": "application/json" } : {}),
              },
              ...(body ? { body } : {}),
            }).finally(() => {
              isUnfriendDone = true;
            });
            // The unfriend either finished (the hole) or waits on the friendship row the send holds.
            await waitUntil(async () => isUnfriendDone || (await isWaitingOnRowLock(control)));
            await control.query("select pg_advisory_unlock($1)", [PAUSE_LOCK]);
            const [sent, removed] = await Promise.all([send, unfriend]);
            expect(sent.ok).toBe(true);
            expect(removed.status).toBe(200);
            expect(await removed.json()).toEqual(answer);
          } finally {
            await control.query("select pg_advisory_unlock_all()");
            await control.query(
              "drop trigger pause_streak_write on streaks; drop function pause_streak_write();",
            );
          }
          expect(await streakRow(control, one, two)).toBeUndefined();
          const friendship = await control.query("select 1 from friend_requests where sender_id = $1", [
            one.id,
          ]);
          expect(friendship.rowCount).toBe(0);
        });
      },
      30_000,
    );
  },
);

/** Until another backend waits on a lock of this kind (`pg_stat_activity.wait_event`). */
async function waitForBackend(client: pg.Client, waitEvent: string): Promise<void> {
  await waitUntil(async () => {
    const result = await client.query(
      "select 1 from pg_stat_activity where wait_event_type = 'Lock' and wait_event = $1",
      [waitEvent],
    );
    return (result.rowCount ?? 0) > 0;
  });
}

/** Whether a `delete from friend_requests` waits on a row lock (the send's FOR SHARE). */
async function isWaitingOnRowLock(client: pg.Client): Promise<boolean> {
  const result = await client.query(
    `select 1 from pg_stat_activity
      where wait_event_type = 'Lock' and wait_event in ('transactionid', 'tuple')
        and query ilike 'delete from "friend_requests"%'`,
  );
  return (result.rowCount ?? 0) > 0;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > giveUpAt) throw new Error(`gave up after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

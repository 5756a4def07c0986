import { randomUUID } from "node:crypto";
import {
  type AckResult,
  type DirectMessage,
  DM_ERROR_MESSAGES,
  type SendDirectMessageInput,
} from "@heartline/shared";
import type pg from "pg";
import { expect, it } from "vitest";
import { FLOOD_LIMIT } from "../../src/features/automod/automod";
import { type Member, registerMember, waitUntil } from "../faults/group-traffic";
import { withPg } from "../helpers/scratch-services";
import { recordEvents } from "../helpers/socket-events";
import type { TestClient } from "../helpers/test-app";
import { describeOnTwoNodes, pushesSettled } from "./concurrent-calls";

/**
 * The direct message's at-most-once rules under real concurrency (issue #33; ARCHITECTURE §5, spec §5
 * "Messages"): the sender's tabs on two nodes send at the same instant, round after round. A double
 * tap (two ids, one text) is stored and delivered once and the others are answered as duplicates; a
 * retry racing its original (one id) is answered with the stored row every time and delivered once.
 * PGlite runs one statement at a time and hides these races: only PostgreSQL shows them.
 */

/** A Redis database of its own (2 and 4 are the other races suites', 5–13 the other cluster suites'). */
const REDIS_DB = 3;
const ROUNDS = 12;
// The rounds' texts are shorter than AutoMod's flood fingerprint (6 letters and digits), so its limit
// on near-duplicates stays out of them; the last test brings it in on purpose.
/** The sender's tabs: two on each node. */
const TABS_PER_NODE = 2;
/** The advisory lock a test trigger waits on, to hold a send inside its statement. */
const PAUSE_LOCK = 3_303;

describeOnTwoNodes(
  "direct messages sent at the same instant on two nodes",
  { databasePrefix: "heartline_dmrace", redisDb: REDIS_DB },
  (nodes) => {
    /** A sender with tabs on both nodes, and a receiver with one tab on each node. */
    async function pair(prefix: string) {
      const sender = await registerMember(nodes().nodeUrl(0), nodes().databaseUrl, `${prefix}_S`);
      const receiver = await registerMember(nodes().nodeUrl(0), nodes().databaseUrl, `${prefix}_R`);
      const tabs: TestClient[] = [];
      for (const index of [0, 1]) {
        for (let tab = 0; tab < TABS_PER_NODE; tab++) tabs.push(await nodes().connect(sender.cookie, index));
      }
      const receiverTabs = [
        await nodes().connect(receiver.cookie, 0),
        await nodes().connect(receiver.cookie, 1),
      ];
      const received = receiverTabs.map((tab) => recordEvents(tab, "direct_message"));
      return { sender, receiver, tabs, receiverTabs, received };
    }

    const send = (tab: TestClient, payload: SendDirectMessageInput) =>
      tab.timeout(15_000).emitWithAck("direct_message", payload) as Promise<AckResult<DirectMessage>>;
    const text = (receiver: Member, content: string): SendDirectMessageInput => ({
      id: randomUUID(),
      receiverId: receiver.id,
      content,
      type: "text",
    });

    /** Every push of the round has reached the receiver's tabs (a marker from each node after it). */
    const settle = (setup: Awaited<ReturnType<typeof pair>>) =>
      pushesSettled([setup.tabs[0], setup.tabs.at(-1)] as TestClient[], setup.receiver, setup.receiverTabs);

    const pushesOf = (setup: Awaited<ReturnType<typeof pair>>, content: string) =>
      setup.received.map(({ payloads }) => payloads.filter((message) => message.content === content));

    const storedWith = (content: string) =>
      withPg(nodes().databaseUrl, async (client) => {
        const result = await client.query<{ id: string }>(
          "select id from direct_messages where content = $1",
          [content],
        );
        return result.rows.map((row) => row.id);
      });

    /** Every seq of the conversation from 1 without a gap, and the receiver's unread count of them all. */
    async function expectNothingElseStored(setup: Awaited<ReturnType<typeof pair>>) {
      await withPg(nodes().databaseUrl, async (client) => {
        const messages = await client.query<{ seq: string }>(
          "select seq from direct_messages where sender_id = $1 order by seq",
          [setup.sender.id],
        );
        const seqs = messages.rows.map((row) => Number(row.seq));
        expect(seqs).toEqual(seqs.map((_, index) => index + 1));
        const state = await client.query<{ unread_count: number }>(
          "select unread_count from conversation_state where user_id = $1",
          [setup.receiver.id],
        );
        expect(state.rows.map((row) => Number(row.unread_count))).toEqual([seqs.length]);
      });
    }

    it(`a double tap on ${2 * TABS_PER_NODE} tabs of two nodes, ${ROUNDS} rounds: stored and delivered once, the rest dropped as duplicates`, async () => {
      const setup = await pair("Tap");
      for (let round = 1; round <= ROUNDS; round++) {
        const content = `tap ${round}`;
        const acks = await Promise.all(setup.tabs.map((tab) => send(tab, text(setup.receiver, content))));
        const accepted = acks.filter((ack) => ack.ok);
        expect(accepted, `round ${round}: one send stored`).toHaveLength(1);
        expect(
          acks.filter((ack) => !ack.ok),
          `round ${round}: the others dropped as duplicates`,
        ).toEqual(
          Array(acks.length - 1).fill({
            ok: false,
            error: { code: "conflict", message: DM_ERROR_MESSAGES.duplicate },
          }),
        );
        const [stored] = accepted;
        expect(await storedWith(content), `round ${round}: one row`).toEqual([stored?.ok && stored.data.id]);
        await settle(setup);
        expect(
          pushesOf(setup, content).map((pushes) => pushes.map((message) => message.id)),
          `round ${round}: one delivery per receiver tab`,
        ).toEqual([[stored?.ok && stored.data.id], [stored?.ok && stored.data.id]]);
      }
      await expectNothingElseStored(setup);
    }, 180_000);

    it(`a retry racing its original on ${2 * TABS_PER_NODE} tabs of two nodes, ${ROUNDS} rounds: every send answered with the stored row, delivered once`, async () => {
      const setup = await pair("Retry");
      for (let round = 1; round <= ROUNDS; round++) {
        const payload = text(setup.receiver, `re ${round}`);
        const acks = await Promise.all(setup.tabs.map((tab) => send(tab, payload)));
        const [first] = acks;
        expect(first, `round ${round}: the message stored`).toMatchObject({
          ok: true,
          data: { id: payload.id },
        });
        expect(acks, `round ${round}: every send answered with the stored row`).toEqual(
          Array(acks.length).fill(first),
        );
        expect(await storedWith(payload.content), `round ${round}: one row`).toEqual([payload.id]);
        await settle(setup);
        expect(
          pushesOf(setup, payload.content).map((pushes) => pushes.map((message) => message.id)),
          `round ${round}: one delivery per receiver tab`,
        ).toEqual([[payload.id], [payload.id]]);
      }
      await expectNothingElseStored(setup);
    }, 180_000);

    it(`double taps whose sends are each retried on the other node, ${ROUNDS} rounds: one stored, its retries answered with it, the other id dropped`, async () => {
      const setup = await pair("Both");
      for (let round = 1; round <= ROUNDS; round++) {
        const content = `dt ${round}`;
        const [one, two] = [text(setup.receiver, content), text(setup.receiver, content)];
        // Each id from a tab on node 0 and one on node 1.
        const payloads = [one, two, one, two];
        const acks = await Promise.all(
          setup.tabs.map((tab, index) => send(tab, payloads[index] as SendDirectMessageInput)),
        );
        const storedIds = await storedWith(content);
        expect(storedIds, `round ${round}: one row`).toHaveLength(1);
        const [storedId] = storedIds;
        const stored = acks.find((ack) => ack.ok && ack.data.id === storedId);
        for (const [index, ack] of acks.entries()) {
          expect(ack, `round ${round}, send ${index}`).toEqual(
            payloads[index]?.id === storedId
              ? stored
              : { ok: false, error: { code: "conflict", message: DM_ERROR_MESSAGES.duplicate } },
          );
        }
        await settle(setup);
        expect(
          pushesOf(setup, content).map((pushes) => pushes.map((message) => message.id)),
          `round ${round}: one delivery per receiver tab`,
        ).toEqual([[storedId], [storedId]]);
      }
      await expectNothingElseStored(setup);
    }, 180_000);

    it("a retry that AutoMod counts once more while its original is being stored is answered with the stored row", async () => {
      const setup = await pair("Mod");
      const [onA, , onB] = setup.tabs as [TestClient, TestClient, TestClient];
      // Four near-duplicates (FLOOD_LIMIT allows five in its window): the original is the fifth and
      // passes, its retry the sixth and is refused — screened again because the original is not stored yet.
      for (let index = 0; index < FLOOD_LIMIT.points - 1; index++) {
        const ack = await send(onA, text(setup.receiver, `hello there${"!".repeat(index)}`));
        expect(ack.ok).toBe(true);
      }
      const original = text(setup.receiver, "hello there?");
      await withPg(nodes().databaseUrl, async (control) => {
        // Test-only: a message insert waits for PAUSE_LOCK, which this connection holds, so the original
        // is held inside its send statement (its conversation row locked) until the retry has been refused.
        await control.query(`
          create function pause_message_write() returns trigger language plpgsql as $$
          begin perform pg_advisory_xact_lock(${PAUSE_LOCK}); return new; end $$;
          create trigger pause_message_write before insert on direct_messages
            for each row execute function pause_message_write();`);
        await control.query("select pg_advisory_lock($1)", [PAUSE_LOCK]);
        try {
          const first = send(onA, original);
          await waitUntil(
            () => isWaiting(control, "wait_event = 'advisory'"),
            15_000,
            "the original to be held",
          );
          let isRetryAnswered = false;
          const retry = send(onB, original).finally(() => {
            isRetryAnswered = true;
          });
          // The retry either was answered (refused: the hole) or waits for the original's row lock.
          await waitUntil(
            async () =>
              isRetryAnswered ||
              (await isWaiting(
                control,
                "wait_event in ('transactionid', 'tuple') and query ilike '%for share%'",
              )),
            15_000,
            "the retry to be refused",
          );
          await control.query("select pg_advisory_unlock($1)", [PAUSE_LOCK]);
          const [firstAck, retryAck] = await Promise.all([first, retry]);
          expect(firstAck).toMatchObject({ ok: true, data: { id: original.id } });
          expect(retryAck).toEqual(firstAck);
        } finally {
          await control.query("select pg_advisory_unlock_all()");
          await control.query(
            "drop trigger pause_message_write on direct_messages; drop function pause_message_write();",
          );
        }
      });
      expect(await storedWith(original.content)).toEqual([original.id]);
      await settle(setup);
      expect(pushesOf(setup, original.content).map((pushes) => pushes.map((message) => message.id))).toEqual([
        [original.id],
        [original.id],
      ]);
    }, 60_000);
  },
);

/** Whether another backend waits on a lock (`pg_stat_activity`, with `condition` on its row). */
async function isWaiting(client: pg.Client, condition: string): Promise<boolean> {
  const result = await client.query(
    `select 1 from pg_stat_activity where wait_event_type = 'Lock' and ${condition}`,
  );
  return (result.rowCount ?? 0) > 0;
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, flushedRedisDb, type ScratchDatabase } from "../helpers/scratch-services";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { DmReceiver, DmSender, storedDirectMessages } from "./dm-traffic";
import { delay, type Member, registerMember } from "./group-traffic";

/**
 * "An ack means committed" for direct messages when a node crashes (the DM counterpart of
 * node-kill.cluster.test.ts): two real nodes on PostgreSQL and Redis; every sender is on the node that
 * is SIGKILLed mid-traffic (so it is the node that acked), every receiver on the other. The senders
 * reconnect to the survivor (a load balancer's job) and send their unacked message again with the
 * same id; the receivers catch up through `GET /api/conversations/:partnerId/messages?after=<seq>`.
 * Every acked message must be stored once and reach its receiver; no retry may store a second row.
 */

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
/** A Redis database of its own (8 is the DM cluster suite's; 10–13 the other suites'). */
const REDIS_DB = 9;
const PAIRS = 4;

describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  DATABASE_URL && REDIS_URL
    ? "faults: a node is killed under direct-message traffic"
    : "faults: a node is killed under direct-message traffic (skipped: DATABASE_URL and REDIS_URL must both be set)",
  () => {
    let database: ScratchDatabase | undefined;
    const nodes: ServerProcess[] = [];
    const senders: DmSender[] = [];
    const receivers: DmReceiver[] = [];

    beforeAll(async () => {
      database = await createScratchDatabase(DATABASE_URL ?? "", "heartline_dmk");
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: await flushedRedisDb(REDIS_URL ?? "", REDIS_DB),
        HUMAN_CHECK: "off",
        AUTH_RATE_LIMIT_SCALE: "100",
      };
      // One after the other: both would race for the migration lock otherwise.
      nodes.push(await startServerProcess(env));
      nodes.push(await startServerProcess(env));
    });

    afterAll(async () => {
      for (const sender of senders) sender.disconnect();
      for (const receiver of receivers) receiver.disconnect();
      await Promise.all(nodes.map((node) => node.stop()));
      await database?.drop();
    });

    it("loses and duplicates no acked DM when the node that acked is SIGKILLed mid-traffic", async () => {
      const [survivor, victim] = nodes;
      if (!survivor || !victim || !database) throw new Error("the nodes did not start");
      const databaseUrl = database.url;
      const pairs: { from: Member; to: Member }[] = [];
      for (let i = 0; i < PAIRS; i++) {
        pairs.push({
          from: await registerMember(survivor.url, databaseUrl, `Dmk_From_${i}`),
          to: await registerMember(survivor.url, databaseUrl, `Dmk_To_${i}`),
        });
      }

      const epoch = Date.now();
      for (const pair of pairs) {
        const receiver = new DmReceiver(pair.to);
        await receiver.connect(survivor.url);
        receivers.push(receiver);
        senders.push(
          new DmSender(pair.from, pair.to, {
            // Every sender starts on the victim; once it is dead every (re)connect goes to the survivor.
            pickNode: () => (victim.isRunning() ? victim.url : survivor.url),
            ackTimeoutMs: 10_000,
            intervalMs: 400,
            epoch,
          }),
        );
      }
      await Promise.all(senders.map((sender) => sender.ensureConnected()));
      for (const sender of senders) sender.start();

      await delay(5_000);
      // The kill lands while a send is in flight (before or after its commit).
      let killedAt = 0;
      await new Promise<void>((resolve) => {
        const crash = (): void => {
          for (const sender of senders) sender.onEmit = undefined;
          killedAt = Date.now() - epoch;
          void victim.kill("SIGKILL").then(resolve);
        };
        for (const sender of senders) sender.onEmit = crash;
      });
      await delay(6_000);
      await Promise.all(senders.map((sender) => sender.stop()));
      // Live pushes still on their way.
      await delay(1_000);

      expect(survivor.isRunning()).toBe(true);
      expect(senders.filter((sender) => sender.hasPending).map((s) => s.member.username)).toEqual([]);
      // Every sender is back, on the survivor, after the kill.
      for (const sender of senders) {
        expect(sender.connects.some((c) => c.at > killedAt && c.nodeUrl === survivor.url)).toBe(true);
      }
      const attempts = senders.flatMap((sender) => sender.attempts);
      // The sends in flight when the node died got no answer; none went to the dead node afterwards.
      expect(attempts.filter((a) => a.outcome === "no-answer").length).toBeGreaterThan(0);
      expect(attempts.filter((a) => a.startedAt > killedAt + 2_000 && a.nodeUrl === victim.url)).toEqual([]);
      expect(attempts.filter((a) => a.outcome === "refused")).toEqual([]);

      const rows = await storedDirectMessages(databaseUrl);
      const storedIds = new Set(rows.map((row) => row.id));
      const acked = senders.flatMap((sender) => [...sender.acked.keys()]);
      const lines: string[] = [];
      let lostTotal = 0;
      let deliveredTotal = 0;
      for (const [index, sender] of senders.entries()) {
        const receiver = receivers[index];
        if (!receiver) throw new Error("no receiver");
        const catchUp = await receiver.catchUp(survivor.url, sender.member.id);
        const liveIds = receiver.live.filter((m) => m.senderId === sender.member.id).map((m) => m.id);
        const delivered = new Set([...liveIds, ...catchUp.messages.map((m) => m.id)]);
        const ackedIds = [...sender.acked.keys()];
        const lost = ackedIds.filter((id) => !delivered.has(id));
        lostTotal += lost.length;
        deliveredTotal += ackedIds.length - lost.length;
        lines.push(
          `${sender.member.username}: acked=${ackedIds.length} live=${liveIds.length} caughtUpAfter=${catchUp.after}` +
            ` (+${catchUp.messages.length}) lost=${lost.length} retriesAckedFromStore=${sender.retriesAckedFromStore}`,
        );
        expect(lost, sender.member.username).toEqual([]);
        // No push twice, and the conversation's seqs have no holes and no repeats.
        expect(new Set(liveIds).size, sender.member.username).toBe(liveIds.length);
        const seqs = rows
          .filter((row) => row.senderId === sender.member.id)
          .map((row) => row.seq)
          .sort((a, b) => a - b);
        expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      }
      const noAnswer = attempts.filter((a) => a.outcome === "no-answer").length;
      console.log(
        `[dm node SIGKILL at ${killedAt} ms] acked=${acked.length} stored=${rows.length} delivered=${deliveredTotal}` +
          ` lost=${lostTotal} attempts=${attempts.length} noAnswer=${noAnswer}\n${lines.join("\n")}`,
      );
      expect(acked.length).toBeGreaterThan(20);
      expect(acked.filter((id) => !storedIds.has(id))).toEqual([]);
      // Retries with the same id stored nothing twice: one row per id and per content, and the drain
      // acked every message ever sent, so what is stored is exactly what was acked.
      expect(new Set(rows.map((row) => row.content)).size).toBe(rows.length);
      expect(rows.length).toBe(acked.length);
      expect(deliveredTotal).toBe(acked.length);
      expect(lostTotal).toBe(0);

      // A retry of a message that was committed (its ack lost, however rarely the kill caught that
      // moment above) is answered from the stored row: the same seq, no second row, no second push.
      const livePushes = receivers.map((receiver) => receiver.live.length);
      for (const sender of senders) {
        const first = [...sender.acked.values()][0];
        if (!first) throw new Error("nothing acked");
        const again = await sender.resend(first);
        if (!again.ok) throw new Error(`retry refused: ${JSON.stringify(again.error)}`);
        expect(again.data).toMatchObject({ id: first.id, seq: first.seq, timestamp: first.timestamp });
      }
      await delay(500);
      expect((await storedDirectMessages(databaseUrl)).length).toBe(rows.length);
      expect(receivers.map((receiver) => receiver.live.length)).toEqual(livePushes);
    }, 90_000);
  },
);

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, flushedRedisDb, type ScratchDatabase } from "../helpers/scratch-services";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { Chatter, delay, deliveryReport, describeRun, type Member, registerMember } from "./group-traffic";

/**
 * "An ack means committed" when a node crashes (issue #10, faults): two real nodes on PostgreSQL and
 * Redis, members of the group on both sending all the time; one node is SIGKILLed mid-traffic and its
 * people reconnect to the survivor (a load balancer's job) and send their unacked message again with
 * the same id. Every acked message must be stored once and reach every member.
 */

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
/** A Redis database of its own (12 and 13 are the other cluster suites'). */
const REDIS_DB = 10;
const MEMBERS = 8;

describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  DATABASE_URL && REDIS_URL
    ? "faults: a node is killed under group-chat traffic"
    : "faults: a node is killed under group-chat traffic (skipped: DATABASE_URL and REDIS_URL must both be set)",
  () => {
    let database: ScratchDatabase | undefined;
    const nodes: ServerProcess[] = [];
    const chatters: Chatter[] = [];

    beforeAll(async () => {
      database = await createScratchDatabase(DATABASE_URL ?? "", "heartline_fk");
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
      for (const chatter of chatters) chatter.disconnect();
      await Promise.all(nodes.map((node) => node.stop()));
      await database?.drop();
    });

    it("loses and duplicates no acked message when a node is SIGKILLed mid-traffic", async () => {
      const [survivor, victim] = nodes;
      if (!survivor || !victim || !database) throw new Error("the nodes did not start");
      const databaseUrl = database.url;
      const members: Member[] = [];
      for (let i = 0; i < MEMBERS; i++)
        members.push(await registerMember(survivor.url, databaseUrl, `Kill_${i}`));

      const epoch = Date.now();
      // Half the people start on each node; once the victim is dead every (re)connect goes to the survivor.
      members.forEach((member, i) => {
        const home = i % 2 === 0 ? survivor : victim;
        chatters.push(
          new Chatter(member, {
            pickNode: () => (home.isRunning() ? home.url : survivor.url),
            ackTimeoutMs: 10_000,
            intervalMs: 1_300,
            epoch,
          }),
        );
      });
      await Promise.all(chatters.map((chatter) => chatter.ensureJoined()));
      for (const chatter of chatters) chatter.start();

      await delay(8_000);
      // The kill lands while one of the victim's people has a send in flight (before or after its commit).
      let killedAt = 0;
      const killed = new Promise<void>((resolve) => {
        const victims = chatters.filter((_, i) => i % 2 === 1);
        const crash = (): void => {
          for (const chatter of victims) chatter.onEmit = undefined;
          killedAt = Date.now() - epoch;
          void victim.kill("SIGKILL").then(resolve);
        };
        for (const chatter of victims) chatter.onEmit = crash;
      });
      await killed;
      await delay(10_000);
      await Promise.all(chatters.map((chatter) => chatter.stop()));
      // Live events still on their way to the last receivers.
      await delay(1_000);

      expect(survivor.isRunning()).toBe(true);
      expect(chatters.filter((chatter) => chatter.hasPending).map((c) => c.member.username)).toEqual([]);
      // The victim's people are back, on the survivor, after the kill.
      for (const [i, chatter] of chatters.entries()) {
        if (i % 2 === 1) expect(chatter.joins.some((join) => join.at > killedAt)).toBe(true);
      }

      const report = await deliveryReport(chatters, databaseUrl, survivor.url);
      console.log(describeRun("node SIGKILL", report, chatters));
      const attempts = chatters.flatMap((chatter) => chatter.attempts);
      // Sends that failed with the node are answered (a disconnect error), and later ones go to the survivor.
      expect(attempts.filter((a) => a.startedAt > killedAt + 2_000 && a.nodeUrl === victim.url)).toEqual([]);
      expect(attempts.filter((a) => a.outcome === "no-answer").length).toBeGreaterThan(0);
      expect(report.acked).toBeGreaterThan(50);
      expect(report.lostInDatabase).toEqual([]);
      expect(report.duplicatedInDatabase).toBe(0);
      // Only acked messages are in the room: the drain acked every message that was ever sent.
      expect(report.stored).toBe(report.acked);
      for (const member of report.perMember) {
        expect(member.lost, member.username).toEqual([]);
        expect(member.duplicated, member.username).toEqual([]);
        expect(member.delivered, member.username).toBe(report.acked);
      }
    }, 90_000);
  },
);

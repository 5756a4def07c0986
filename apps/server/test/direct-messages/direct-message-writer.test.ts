import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database, type DatabaseHandle } from "../../src/db/create-database";
import { isUniqueViolation } from "../../src/db/errors";
import { rowsOf } from "../../src/db/rows";
import { conversationIdOf } from "../../src/db/schema";
import { createDirectMessageWriter } from "../../src/features/direct-messages/direct-message-writer";
import type { OutgoingMessage } from "../../src/features/direct-messages/send-statement";
import { streakStatement } from "../../src/features/streaks/index";
import { databaseTemplate } from "../helpers/database-template";

const HOUR = 3_600_000;
const START = Date.UTC(2026, 2, 1, 12);

/**
 * The group commit of text messages (ADR 0011) on the real database: the messages that arrive together
 * are stored in as few statements as the one-per-conversation rule allows, each with its own seq, unread
 * count and streak, in the order each conversation's came; one that cannot be stored fails alone.
 */
describe("the direct message writer", () => {
  let handle: DatabaseHandle;
  let dataDir: string;
  let statements = 0;
  /** The database, counting the statements the writer issues. */
  let counted: Database;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "dm-writer-"));
    const template = await databaseTemplate();
    handle = await createDatabase({
      dataDir,
      inMemory: true,
      ...(template ? { inMemoryFrom: template } : {}),
    });
    const { db } = handle;
    counted = new Proxy(db, {
      get(target, key, receiver) {
        if (key === "execute") statements += 1;
        const value = Reflect.get(target, key, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  let people = 0;
  async function person(): Promise<string> {
    const id = `writer_${people++}_${randomUUID().slice(0, 6)}`;
    await handle.db.execute(sql`insert into "user" (id, name, email, username, email_verified, created_at, updated_at)
      values (${id}, ${id}, ${`${id}@example.com`}, ${id}, true, now(), now())`);
    return id;
  }
  async function friends(one: string, two: string): Promise<void> {
    await handle.db.execute(
      sql`insert into friend_requests (sender_id, receiver_id, status) values (${one}, ${two}, 'accepted')`,
    );
  }
  const message = (senderId: string, receiverId: string, at: number, content = "hi"): OutgoingMessage => ({
    id: randomUUID(),
    conversationId: conversationIdOf(senderId, receiverId),
    senderId,
    receiverId,
    content,
    type: "text",
    replyToId: null,
    at: new Date(at),
  });

  it("stores 30 messages of 10 conversations sent at once in 3 statements, each conversation's in order", async () => {
    const writer = createDirectMessageWriter(counted, streakStatement("UTC"));
    const pairs = await Promise.all(
      Array.from({ length: 10 }, async () => [await person(), await person()] as const),
    );
    const sent: OutgoingMessage[] = [];
    for (let round = 0; round < 3; round++) {
      for (const [one, two] of pairs) sent.push(message(one, two, START + round, `m${round}`));
    }
    statements = 0;
    const written = await Promise.all(sent.map((each) => writer.store(each)));
    expect(statements).toBe(3);
    for (const [index, result] of written.entries()) {
      const round = Math.floor(index / pairs.length);
      expect(result?.row).toMatchObject({ id: sent[index]?.id, content: `m${round}`, seq: round + 1 });
      expect(result?.receiverState.unreadCount).toBe(round + 1);
      expect(result?.streak).toBeNull();
    }
    const stored = rowsOf<{ conversation_id: string; seqs: string }>(
      await handle.db.execute(sql`select conversation_id, string_agg(content || ':' || seq, ',' order by seq) as seqs
        from direct_messages where id in ${sent.map((each) => each.id)} group by conversation_id`),
    );
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(row.seqs).toBe("m0:1,m1:2,m2:3");
  });

  it("moves each pair's streak in the batch by spec §4: a first message 0, a reply within 24 h 1", async () => {
    const writer = createDirectMessageWriter(counted, streakStatement("UTC"));
    const pairs = await Promise.all(
      Array.from({ length: 5 }, async () => [await person(), await person()] as const),
    );
    for (const [one, two] of pairs) await friends(one, two);
    const first = await Promise.all(pairs.map(([one, two]) => writer.store(message(one, two, START))));
    expect(first.map((result) => result?.streak?.state.count)).toEqual([0, 0, 0, 0, 0]);
    statements = 0;
    const replies = await Promise.all(
      pairs.map(([one, two]) => writer.store(message(two, one, START + HOUR))),
    );
    expect(statements).toBe(1);
    for (const result of replies) {
      expect(result?.streak).toMatchObject({ previousCount: 0, state: { count: 1, active: true } });
    }
  });

  it("a message whose id is taken fails alone; the others of its statement are stored", async () => {
    const writer = createDirectMessageWriter(counted, streakStatement("UTC"));
    const [alice, bob, carol, dave] = [await person(), await person(), await person(), await person()];
    const taken = await writer.store(message(alice, bob, START));
    const retry = { ...message(carol, dave, START), id: taken?.row.id ?? "" };
    const others = [message(alice, carol, START), message(bob, dave, START)];
    const results = await Promise.allSettled([retry, ...others].map((each) => writer.store(each)));
    const [refused, ...stored] = results;
    expect(refused?.status).toBe("rejected");
    expect(refused?.status === "rejected" && isUniqueViolation(refused.reason)).toBe(true);
    expect(stored.map((result) => result.status === "fulfilled" && result.value?.row.seq)).toEqual([1, 1]);
    const [row] = rowsOf<{ count: number | string }>(
      await handle.db.execute(sql`select count(*) as count from direct_messages
        where conversation_id = ${conversationIdOf(carol, dave)}`),
    );
    expect(Number(row?.count)).toBe(0);
  });

  it("does not store a text its sender sent in the conversation within 5 s, and spends no seq on it (ADR 0015)", async () => {
    const writer = createDirectMessageWriter(counted, streakStatement("UTC"));
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const first = await writer.store(message(alice, bob, START, "same"));
    // In one statement: the repeat in alice → bob is dropped, the same text to carol is stored.
    statements = 0;
    const [repeat, toCarol] = await Promise.all([
      writer.store(message(alice, bob, START + 4_999, "same")),
      writer.store(message(alice, carol, START + 4_999, "same")),
    ]);
    expect(statements).toBe(1);
    expect(repeat).toBeNull();
    expect(toCarol?.row.seq).toBe(1);
    // The other person's same text, the sender's other text, and the same text 5 s after the first.
    const others = [
      await writer.store(message(bob, alice, START + 4_999, "same")),
      await writer.store(message(alice, bob, START + 4_999, "other")),
      await writer.store(message(alice, bob, START + 5_000, "same")),
    ];
    expect([first, ...others].map((written) => written?.row.seq)).toEqual([1, 2, 3, 4]);
    expect(others.at(-1)?.receiverState.unreadCount).toBe(3);
    const [row] = rowsOf<{ count: number | string }>(
      await handle.db.execute(sql`select count(*) as count from direct_messages
        where conversation_id = ${conversationIdOf(alice, bob)} and content = 'same'`),
    );
    expect(Number(row?.count)).toBe(3);
  });

  it("deleting a conversation deletes its messages and state rows, and no other conversation's (ADR 0012)", async () => {
    const writer = createDirectMessageWriter(counted, streakStatement("UTC"));
    const [alice, bob, carol] = [await person(), await person(), await person()];
    for (const at of [START, START + 1]) {
      await Promise.all([
        writer.store(message(alice, bob, at, `hi ${at}`)),
        writer.store(message(alice, carol, at, `hi ${at}`)),
      ]);
    }
    const gone = conversationIdOf(alice, bob);
    const kept = conversationIdOf(alice, carol);
    await handle.db.execute(sql`delete from conversations where id = ${gone}`);
    const rows = rowsOf<{ conversation_id: string; messages: number | string; states: number | string }>(
      await handle.db.execute(sql`select c.id as conversation_id,
          (select count(*) from direct_messages m where m.conversation_id = c.id) as messages,
          (select count(*) from conversation_state s where s.conversation_id = c.id) as states
        from (values (${gone}), (${kept})) as c(id) order by c.id = ${kept}`),
    );
    expect(rows.map((row) => [row.conversation_id, Number(row.messages), Number(row.states)])).toEqual([
      [gone, 0, 0],
      [kept, 2, 2],
    ]);
  });
});

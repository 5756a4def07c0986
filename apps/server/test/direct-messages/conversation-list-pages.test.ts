import { randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import {
  CONVERSATION_PAGE_SIZE,
  type ConversationList,
  DM_ERROR_MESSAGES,
  SOCIAL_PATHS,
} from "@heartline/shared";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../src/db/schema";
import { conversationIdOf, user } from "../../src/db/schema";
import { encodeConversationCursor } from "../../src/features/direct-messages/conversation-cursor";
import { listConversations } from "../../src/features/direct-messages/conversation-list";
import { requestAs, type TestPerson } from "../fixtures/group-fixtures";
import { delay } from "../helpers/socket-events";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { type DmMember, dmMember, sendOk, text } from "./dm-fixtures";

/**
 * `GET /api/conversations?before=&limit=` (ADR 0010): one page at a time by keyset on
 * (last activity, conversation id), newest first, the unread total over every conversation, and what
 * a message arriving between two page reads does (the pages read forward never repeat a row).
 */
describe("the conversation list, a page at a time", () => {
  let test: TestApp;
  let me: DmMember;
  /** My 120 conversations in the order the list must give them (newest activity, then id, first). */
  let expected: string[];
  /** Partners written to only (inserted rows: a page needs 120 people, not 120 sign-ups). */
  const silent: string[] = [];
  let hiddenConversation: string;

  const TOTAL = 120;
  const UNREAD = 2 + 3;

  const pageAs = async (person: TestPerson, query = "") => {
    const response = await requestAs(test.app, person, "GET", `${SOCIAL_PATHS.conversations}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ConversationList>();
  };
  const after = (cursor: string | null) => `?before=${encodeURIComponent(cursor ?? "")}`;
  const idsOf = (page: ConversationList) => page.conversations.map((c) => c.conversationId);
  /** Newest first; the same millisecond by conversation id, descending (the index's order). */
  const byActivity = (a: { at: number; id: string }, b: { at: number; id: string }) =>
    b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

  beforeAll(async () => {
    test = await startTestApp({
      env: {
        AUTH_RATE_LIMIT_SCALE: "100",
        SOCKET_EVENT_LIMIT_SCALE: "100",
        SOCKET_CONNECTIONS_PER_IP: "500",
      },
    });
    me = await dmMember(test, "pg");
    const activity: { at: number; id: string }[] = [];
    // The oldest three write to me: 2 and 3 unread, and one I hide (its 1 unread does not count).
    for (const [count, hide] of [
      [2, false],
      [3, false],
      [1, true],
    ] as const) {
      const writer = await dmMember(test, "pw");
      let last = 0;
      for (let i = 0; i < count; i++) {
        last = (await sendOk(writer.socket, text(me.person.id, `hello ${i}`))).timestamp;
      }
      const id = conversationIdOf(me.person.id, writer.person.id);
      activity.push({ at: last, id });
      if (hide) {
        hiddenConversation = id;
        const hidden = await requestAs(
          test.app,
          me.person,
          "POST",
          SOCIAL_PATHS.conversationHide(writer.person.id),
          {},
        );
        expect(hidden.statusCode, hidden.body).toBe(200);
      }
    }
    const rows = Array.from({ length: TOTAL - 3 }, (_, index) => {
      const id = `pgSilent${index.toString().padStart(4, "0")}${randomUUID().replaceAll("-", "").slice(0, 12)}`;
      return { id, name: id, email: `${id}@example.com`, username: id.toLowerCase(), emailVerified: true };
    });
    await test.app.db.insert(user).values(rows);
    for (const row of rows) {
      silent.push(row.id);
      // Numbered: the same text again and again would be AutoMod's "Repeated messages".
      const sent = await sendOk(me.socket, text(row.id, `hi there number ${silent.length}`));
      activity.push({ at: sent.timestamp, id: sent.conversationId });
    }
    expected = activity.sort(byActivity).map((entry) => entry.id);
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  it("pages all 120 newest first, each exactly once, with the unread total beyond page 1 on every page", async () => {
    const pages: ConversationList[] = [await pageAs(me.person)];
    while (pages.at(-1)?.nextCursor)
      pages.push(await pageAs(me.person, after(pages.at(-1)?.nextCursor ?? null)));
    expect(pages.map((page) => page.conversations.length)).toEqual([50, 50, 20]);
    expect(pages.flatMap(idsOf)).toEqual(expected);
    // The unread conversations are all on page 3; every page carries the total over all of them.
    expect(pages.map((page) => page.totalUnread)).toEqual([UNREAD, UNREAD, UNREAD]);
    expect(pages[2]?.conversations.find((c) => c.conversationId === hiddenConversation)).toMatchObject({
      hidden: true,
      unreadCount: 1,
    });
    // Any page size up to 50, and the same rows.
    const small = await pageAs(me.person, "?limit=7");
    expect(idsOf(small)).toEqual(expected.slice(0, 7));
    const next = await pageAs(me.person, `${after(small.nextCursor)}&limit=7`);
    expect(idsOf(next)).toEqual(expected.slice(7, 14));
    expect((await pageAs(me.person, `?limit=${CONVERSATION_PAGE_SIZE}`)).conversations).toHaveLength(50);
  });

  it("a message between page reads: the forward pages never repeat a conversation; the moved one tops page 1", async () => {
    const first = await pageAs(me.person);
    expect(idsOf(first)).toEqual(expected.slice(0, 50));
    // One conversation already read on page 1 and one not read yet (on page 3) get a message.
    const readAlready = silent.find((id) => conversationIdOf(me.person.id, id) === expected[10]);
    const notYetRead = silent.find((id) => conversationIdOf(me.person.id, id) === expected[104]);
    if (!readAlready || !notYetRead) throw new Error("the chosen conversations are not silent partners");
    // Apart by a few milliseconds, so their order on top is the order they were sent in.
    await delay(3);
    await sendOk(me.socket, text(readAlready, "back to you"));
    await delay(3);
    await sendOk(me.socket, text(notYetRead, "and you"));
    const second = await pageAs(me.person, after(first.nextCursor));
    const third = await pageAs(me.person, after(second.nextCursor));
    expect(third.nextCursor).toBeNull();
    const forward = [...idsOf(first), ...idsOf(second), ...idsOf(third)];
    expect(new Set(forward).size).toBe(forward.length);
    // Everything after page 1 in the old order, minus the one that moved above the cursor.
    expect([...idsOf(second), ...idsOf(third)]).toEqual(
      expected.slice(50).filter((id) => id !== expected[104]),
    );
    // A re-read of page 1 has both on top, the newest first.
    const again = await pageAs(me.person);
    expect(idsOf(again).slice(0, 2)).toEqual([expected[104], expected[10]]);
    expect(new Set(idsOf(again)).size).toBe(50);
    const moved = [expected[104], expected[10]] as string[];
    expected = [...moved, ...expected.filter((id) => !moved.includes(id))];
  });

  it("a send stamps both people's rows with the conversation's new time, in its one statement", async () => {
    const alice = await dmMember(test, "ps");
    const bob = await dmMember(test, "ps");
    await sendOk(alice.socket, text(bob.person.id, "first"));
    await delay(3);
    const sent = await sendOk(bob.socket, text(alice.person.id, "second"));
    const [conversation] = await test.app.db
      .select({ updatedAt: schema.conversations.updatedAt })
      .from(schema.conversations)
      .where(eq(schema.conversations.id, sent.conversationId));
    const states = await test.app.db
      .select({ userId: schema.conversationState.userId, at: schema.conversationState.lastMessageAt })
      .from(schema.conversationState)
      .where(eq(schema.conversationState.conversationId, sent.conversationId));
    expect(conversation?.updatedAt.getTime()).toBe(sent.timestamp);
    expect(states.map((row) => row.at.getTime())).toEqual([sent.timestamp, sent.timestamp]);
  });

  it("past the last row: an empty page, no cursor, and still the whole unread total", async () => {
    const cursor = encodeConversationCursor({ lastMessageAtMs: 0, conversationId: "a-b" });
    expect(await pageAs(me.person, after(cursor))).toEqual({
      conversations: [],
      totalUnread: UNREAD,
      nextCursor: null,
    });
  });

  it("refuses a cursor it did not hand out, and a page size outside 1–50, with the shared text", async () => {
    const refused = async (query: string, message?: string) => {
      const response = await requestAs(test.app, me.person, "GET", `${SOCIAL_PATHS.conversations}${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({
        error: { code: "bad_request", message: message ?? expect.any(String) },
      });
    };
    const base64url = (plain: string) => Buffer.from(plain).toString("base64url");
    for (const cursor of [
      "not a cursor!",
      "a".repeat(121),
      base64url("garbage"),
      base64url(`1700000000000.${me.person.id}`),
      base64url(`99999999999999999.${conversationIdOf(me.person.id, silent[0] ?? "")}`),
      base64url(`${Date.UTC(10_000, 0, 1)}.a-b`),
      base64url("1700000000000.a-b'); drop table conversation_state; --"),
    ]) {
      await refused(after(cursor), DM_ERROR_MESSAGES.invalidCursor);
    }
    await refused("?before=a&before=b", DM_ERROR_MESSAGES.invalidCursor);
    for (const limit of ["0", "51", "-1", "2.5", "x"]) await refused(`?limit=${limit}`);
  });

  it("a cursor names a position, not a row: one made from someone else's conversation reads only my own", async () => {
    const alice = await dmMember(test, "pa");
    const bob = await dmMember(test, "pb");
    const theirs = await sendOk(alice.socket, text(bob.person.id, "just us"));
    const cursor = encodeConversationCursor({
      lastMessageAtMs: theirs.timestamp + 60_000,
      conversationId: theirs.conversationId,
    });
    const page = await pageAs(me.person, after(cursor));
    expect(idsOf(page)).toEqual(expected.slice(0, 50));
    expect(idsOf(page)).not.toContain(theirs.conversationId);
    // The same cursor, from alice: her own conversation (older than the position), nobody else's.
    expect(idsOf(await pageAs(alice.person, after(cursor)))).toEqual([theirs.conversationId]);
  });

  it("reads a page by one index range scan of my rows in list order: no sort, no sequential scan", async () => {
    const client = (test.app.db as unknown as { $client: PGlite }).$client;
    // Others' rows around mine, as in a real table: 3,000 more people, each with a conversation of ten
    // messages (with a handful of tiny tables, hashing them whole is the cheaper plan, and the planner
    // takes it).
    await client.exec(`
      insert into "user" (id, name, email, username, email_verified)
        select 'pgFill' || lpad(g::text, 16, '0'), 'fill ' || g, 'fill' || g || '@example.com',
               'pgfill' || lpad(g::text, 16, '0'), true
        from generate_series(1, 3001) g;
      insert into conversations (id, user_a, user_b, last_seq)
        select 'pgFill' || lpad(g::text, 16, '0') || '-pgFill' || lpad((g + 1)::text, 16, '0'),
               'pgFill' || lpad(g::text, 16, '0'), 'pgFill' || lpad((g + 1)::text, 16, '0'), 0
        from generate_series(1, 3000) g;
      insert into conversation_state (user_id, conversation_id, last_message_at)
        select 'pgFill' || lpad((g + side)::text, 16, '0'),
               'pgFill' || lpad(g::text, 16, '0') || '-pgFill' || lpad((g + 1)::text, 16, '0'),
               now() - make_interval(secs => g)
        from generate_series(1, 3000) g, generate_series(0, 1) side;
      update conversations set last_seq = 10 where id like 'pgFill%';
      insert into direct_messages (id, conversation_id, sender_id, receiver_id, content, seq)
        select gen_random_uuid(), 'pgFill' || lpad(g::text, 16, '0') || '-pgFill' || lpad((g + 1)::text, 16, '0'),
               'pgFill' || lpad(g::text, 16, '0'), 'pgFill' || lpad((g + 1)::text, 16, '0'), 'filler ' || s, s
        from generate_series(1, 3000) g, generate_series(1, 10) s;
      analyze;`);
    const statements: { query: string; params: unknown[] }[] = [];
    const logged = drizzle({
      client,
      schema,
      logger: { logQuery: (query, params) => statements.push({ query, params }) },
    });
    const first = await listConversations(logged, me.person.id, { limit: 50 });
    if (!first.nextCursor) throw new Error("page 1 of 120 has no cursor");
    await listConversations(logged, me.person.id, { limit: 50, before: first.nextCursor });
    expect(statements).toHaveLength(2);
    for (const [index, { query, params }] of statements.entries()) {
      const result = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
        `explain (format json) ${query}`,
        params,
      );
      const nodes = flatten(result.rows[0]?.["QUERY PLAN"][0].Plan);
      expect(nodes.filter((node) => node["Node Type"].endsWith("Sort"))).toEqual([]);
      expect(nodes.filter((node) => node["Node Type"] === "Seq Scan")).toEqual([]);
      // The page's rows come in index order (the total's sub-select reads the same index on its own).
      const page = nodes.find(
        (node) => node["Node Type"] === "Index Scan" && node["Index Name"] === "conversation_state_list_idx",
      );
      expect(page?.["Index Cond"]).toContain("user_id");
      // Page 2 seeks to the cursor inside the index, rather than reading from the top and filtering.
      if (index === 1) expect(page?.["Index Cond"]).toContain("ROW(last_message_at, conversation_id) <");
    }
  });
});

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode | undefined): PlanNode[] {
  return node ? [node, ...(node.Plans ?? []).flatMap(flatten)] : [];
}

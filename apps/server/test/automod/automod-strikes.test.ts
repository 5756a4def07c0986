import { randomUUID } from "node:crypto";
import {
  type AdminMuteRecord,
  type AdminReportTargetPage,
  AUTOMOD_BLOCKED_CODE,
  AUTOMOD_COPIES,
  AUTOMOD_COPIES_RULE,
  AUTOMOD_REPEAT_REASON,
  AUTOMOD_REPEAT_RULE_NAME,
  AUTOMOD_REPORTER_ID,
  AUTOMOD_REPORTER_NAME,
  AUTOMOD_STRIKES,
  automodBlockedMessage,
  automodMuteReason,
  type GroupJoinData,
  mutedMessage,
} from "@heartline/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupMessages, mutedUsers } from "../../src/db/schema";
import { NO_HUMAN_CHECK_ENV } from "../accounts/accounts-client";
import { errorOf, postConfession } from "../confessions/wall-fixtures";
import {
  asPerson,
  createGuest,
  createRegistered,
  emitWithAck,
  groupText,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";
import { ageAccount, openReports } from "./automod-fixtures";

const SLURS = "Slurs (built-in)";
const SLUR_LINES = ["you n1gg3r", "what a f@g", "k i k e"] as const;
const blocked = { ok: false, error: { code: AUTOMOD_BLOCKED_CODE, message: automodBlockedMessage(SLURS) } };
const copiesRefused = { ok: false, error: { code: "rate_limited", message: AUTOMOD_COPIES_RULE.message } };

/**
 * Issue #15, the rest of "automatic actions": repeated hits apply a short automatic mute (never a ban)
 * that the server enforces wherever mutes are, that its user is told about with its end, and that an
 * admin sees (author "AutoMod") and lifts like any mute; the user rises in the report queue. And the
 * same text from many new accounts is slowed and flagged once, while established accounts are not.
 */
describe("AutoMod: repeated hits and copies from new accounts (issue #15)", () => {
  let test: TestApp;
  let admin: TestPerson;
  let people = 0;

  const join = async (person: TestPerson): Promise<TestClient> => {
    const socket = await test.connect(asPerson(person));
    const joined = await emitWithAck<GroupJoinData>(socket, "join_group", {});
    expect(joined.ok).toBe(true);
    return socket;
  };
  /** A month-old member in the group room (established: not "new" for any rule). */
  const veteran = async () => {
    people += 1;
    const person = await createRegistered(test.app, `Strike_${people}`);
    await ageAccount(test.app, person, 30);
    return { person, socket: await join(person) };
  };
  const mutesListed = async (): Promise<AdminMuteRecord[]> =>
    (await requestAs(test.app, admin, "GET", "/api/admin/mutes")).json<{ mutes: AdminMuteRecord[] }>().mutes;
  /** Three slurs: the third hit mutes. Answers the `user_muted` notice the user's socket heard. */
  const strikeOut = async (socket: TestClient) => {
    const notice = nextEvent(socket, "user_muted");
    for (const line of SLUR_LINES) {
      expect(await emitWithAck(socket, "group_message", groupText(line))).toEqual(blocked);
    }
    return notice;
  };

  beforeAll(async () => {
    test = await startTestApp({ env: NO_HUMAN_CHECK_ENV });
    admin = await createRegistered(test.app, "Strike_Admin", { isAdmin: true });
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  it("two hits mute nobody; the third applies a short AutoMod mute the user is told about, with its end", async () => {
    const { person, socket } = await veteran();
    for (const line of SLUR_LINES.slice(0, 2)) {
      expect(await emitWithAck(socket, "group_message", groupText(line))).toEqual(blocked);
    }
    expect((await emitWithAck(socket, "group_message", groupText(`fine ${randomUUID()}`))).ok).toBe(true);

    const notice = nextEvent(socket, "user_muted");
    expect(await emitWithAck(socket, "group_message", groupText("k i k e"))).toEqual(blocked);
    const mute = await notice;
    const reason = automodMuteReason(SLURS);
    expect(mute).toMatchObject({ userId: person.id, mutedBy: AUTOMOD_REPORTER_NAME, reason });
    const minutes = ((mute.expiresAt ?? 0) - mute.mutedAt) / 60_000;
    expect(minutes).toBeCloseTo(AUTOMOD_STRIKES.muteMinutes, 1);

    // Server-enforced where every mute is: the group room and the confession wall, with the end named.
    const payload = groupText(`after the mute ${randomUUID()}`);
    expect(await emitWithAck(socket, "group_message", payload)).toEqual({
      ok: false,
      error: { code: "forbidden", message: mutedMessage(reason, mute.expiresAt) },
    });
    expect(await test.app.db.select().from(groupMessages).where(eq(groupMessages.id, payload.id))).toEqual(
      [],
    );
    const confession = await postConfession(test.app, person);
    expect(confession.response.statusCode).toBe(403);
    expect(errorOf(confession.response)).toEqual({
      code: "forbidden",
      message: mutedMessage(reason, mute.expiresAt),
    });
    expect(mutedMessage(reason, mute.expiresAt)).toMatch(
      / until \d\d:\d\d UTC\. Reason: AutoMod: 3 rule hits/,
    );
    const me = await requestAs(test.app, person, "GET", "/api/moderation/me");
    expect(me.json()).toMatchObject({ banned: false, mute: { mutedBy: AUTOMOD_REPORTER_NAME, reason } });

    // Never a ban.
    const bans = await requestAs(test.app, admin, "GET", "/api/admin/bans");
    expect(JSON.stringify(bans.json())).not.toContain(person.id);
  });

  it("the admin sees the AutoMod mute and lifts it like any mute; the user posts again", async () => {
    const { person, socket } = await veteran();
    await strikeOut(socket);
    const listed = (await mutesListed()).find((mute) => mute.userId === person.id);
    expect(listed).toMatchObject({ mutedBy: AUTOMOD_REPORTER_NAME, reason: automodMuteReason(SLURS) });
    expect(listed?.expiresAt).toBeGreaterThan(Date.now());

    const unmuted = nextEvent(socket, "user_unmuted");
    const lifted = await requestAs(test.app, admin, "DELETE", `/api/admin/mutes/${person.id}`);
    expect(lifted.json()).toEqual({ removed: true });
    expect(await unmuted).toMatchObject({ userId: person.id });
    expect((await emitWithAck(socket, "group_message", groupText(`back ${randomUUID()}`))).ok).toBe(true);
  });

  it("an automatic mute ends by itself, and a later mute replaces the ended row", async () => {
    const { person, socket } = await veteran();
    await strikeOut(socket);
    // Ten minutes later, as the database sees it.
    await test.app.db
      .update(mutedUsers)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(mutedUsers.userId, person.id));
    expect((await emitWithAck(socket, "group_message", groupText(`free ${randomUUID()}`))).ok).toBe(true);
    expect((await mutesListed()).some((mute) => mute.userId === person.id)).toBe(false);
    const me = await requestAs(test.app, person, "GET", "/api/moderation/me");
    expect(me.json()).toMatchObject({ mute: null });

    const muted = await requestAs(test.app, admin, "POST", "/api/admin/mutes", {
      userId: person.id,
      reason: "by hand",
    });
    expect(muted.json()).toMatchObject({
      created: true,
      mute: { mutedBy: "Strike_Admin", reason: "by hand", expiresAt: null },
    });
  });

  it("admins are never muted automatically", async () => {
    const socket = await join(admin);
    for (const line of SLUR_LINES) {
      expect(await emitWithAck(socket, "group_message", groupText(line))).toEqual(blocked);
    }
    expect((await emitWithAck(socket, "group_message", groupText(`admin ${randomUUID()}`))).ok).toBe(true);
  });

  it("repeated hits raise the user above newer reports in the queue, counted and shown as such", async () => {
    const { person: struck, socket } = await veteran();
    await strikeOut(socket);
    const repeat = (await openReports(test.app, admin)).find(
      (report) => report.targetId === struck.id && report.reason === AUTOMOD_REPEAT_REASON,
    );
    expect(repeat).toMatchObject({ reporterId: AUTOMOD_REPORTER_ID, context: "group" });
    expect(repeat?.details).toBe(
      `Rule “${AUTOMOD_REPEAT_RULE_NAME}” matched “${SLURS}”. Muted automatically for ${AUTOMOD_STRIKES.muteMinutes} minutes; lift it under Mutes.`,
    );

    // A newer human report about someone else.
    const { person: other } = await veteran();
    const reporter = (await veteran()).person;
    const human = await requestAs(test.app, reporter, "POST", "/api/reports", {
      targetUserId: other.id,
      reason: "spam",
    });
    expect(human.statusCode, human.body).toBe(201);

    const page = (
      await requestAs(test.app, admin, "GET", "/api/admin/reports/targets?status=open&limit=50")
    ).json<AdminReportTargetPage>();
    const indexOf = (id: string) => page.targets.findIndex((target) => target.targetId === id);
    expect(indexOf(struck.id)).toBeGreaterThanOrEqual(0);
    expect(indexOf(struck.id)).toBeLessThan(indexOf(other.id));
    expect(page.targets[indexOf(struck.id)]).toMatchObject({ priority: true, automaticHits: 1 });
    expect(page.targets[indexOf(other.id)]).toMatchObject({ priority: false, automaticHits: 0, count: 1 });
    // Every priority row comes before every other row.
    const tiers = page.targets.map((target) => target.priority);
    expect(tiers).toEqual([...tiers].sort((a, b) => Number(b) - Number(a)));

    // Keyset pages walk the same order, one row at a time.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const next: AdminReportTargetPage = (
        await requestAs(test.app, admin, "GET", `/api/admin/reports/targets?status=open&limit=1${query}`)
      ).json();
      walked.push(...next.targets.map((target) => target.targetId));
      cursor = next.nextCursor;
    } while (cursor);
    expect(walked).toEqual(page.targets.map((target) => target.targetId));
    const bad = await requestAs(test.app, admin, "GET", "/api/admin/reports/targets?cursor=2.123.x");
    expect(bad.statusCode).toBe(400);
  });

  it("a short greeting from many new accounts is not a spam run", async () => {
    for (let index = 0; index <= AUTOMOD_COPIES.senders + 1; index += 1) {
      const socket = await join(await createGuest(test.app, `Hello_Guest_${index}`));
      expect((await emitWithAck(socket, "group_message", groupText("hello everyone!"))).ok).toBe(true);
      socket.disconnect(); // one address's socket limit
    }
  });

  it("the same text from many new accounts: refused past the limit with the rule, flagged once", async () => {
    const text = (mark: string) => groupText(`Join my channel for free stuff${mark}`);
    const marks = ["", "!", "!!", " !", "?", "…", "!!!", " ?"];
    const guests: TestClient[] = [];
    for (let index = 0; index < AUTOMOD_COPIES.senders; index += 1) {
      const guest = await createGuest(test.app, `Copy_Guest_${index}`);
      const socket = await join(guest);
      guests.push(socket);
      expect((await emitWithAck(socket, "group_message", text(marks[index] ?? ""))).ok).toBe(true);
    }
    // A sixth new account (a day-old registered one) is slowed, and so are the first five.
    const newcomer = await createRegistered(test.app, "Copy_Newcomer");
    const newcomerSocket = await join(newcomer);
    expect(await emitWithAck(newcomerSocket, "group_message", text(marks[5] ?? ""))).toEqual(copiesRefused);
    expect(await emitWithAck(guests[0] as TestClient, "group_message", text(marks[6] ?? ""))).toEqual(
      copiesRefused,
    );
    // Other text from new accounts still goes through; established accounts are not slowed by it.
    expect((await emitWithAck(newcomerSocket, "group_message", groupText(`hello ${randomUUID()}`))).ok).toBe(
      true,
    );
    const { socket: established } = await veteran();
    expect((await emitWithAck(established, "group_message", text(marks[7] ?? ""))).ok).toBe(true);

    const flags = (await openReports(test.app, admin)).filter((report) =>
      report.details?.startsWith(`Rule “${AUTOMOD_COPIES_RULE.name}”`),
    );
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      reporterId: AUTOMOD_REPORTER_ID,
      targetId: newcomer.id,
      context: "group",
    });
  });
});

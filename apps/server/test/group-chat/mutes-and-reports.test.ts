import type {
  AdminMuteRecord,
  AdminReportRecord,
  GroupJoinData,
  ModerationMe,
  MuteResult,
} from "@heartline/shared";
import { mutedMessage } from "@heartline/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bannedUsers, groupMessages, reports } from "../../src/db/schema";
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

describe("group chat: mutes, reports and deleted messages", () => {
  let test: TestApp;
  let admin: TestPerson;
  let mia: TestPerson;
  let ned: TestPerson;
  let adminSocket: TestClient;
  let miaSocket: TestClient;
  let nedSocket: TestClient;

  beforeAll(async () => {
    test = await startTestApp();
    admin = await createRegistered(test.app, "Mod_Admin", { isAdmin: true });
    mia = await createRegistered(test.app, "Mia_R");
    ned = await createGuest(test.app, "Ned_Guest");
    adminSocket = await test.connect(asPerson(admin));
    miaSocket = await test.connect(asPerson(mia));
    nedSocket = await test.connect(asPerson(ned));
    for (const socket of [adminSocket, miaSocket, nedSocket]) {
      expect((await emitWithAck(socket, "join_group")).ok).toBe(true);
    }
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  const request = (person: TestPerson, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    requestAs(test.app, person, method, url, payload);

  it("refuses a muted user's next message with the reason, and tells the user and the admins only", async () => {
    const told = nextEvent(miaSocket, "user_muted");
    const admins = nextEvent(adminSocket, "muted_users_updated", (list) =>
      list.some((m) => m.userId === mia.id),
    );
    const response = await request(admin, "POST", "/api/admin/mutes", {
      username: "mia_r",
      reason: "flooding",
    });
    expect(response.json<MuteResult>()).toMatchObject({
      created: true,
      mute: { userId: mia.id, mutedBy: "Mod_Admin" },
    });
    expect(await told).toMatchObject({ userId: mia.id, reason: "flooding", mutedBy: "Mod_Admin" });
    expect((await admins).find((m) => m.userId === mia.id)).toEqual({
      userId: mia.id,
      username: "Mia_R",
      mutedAt: expect.any(Number),
    });

    const attempt = groupText("can I talk?");
    expect(await emitWithAck(miaSocket, "group_message", attempt)).toEqual({
      ok: false,
      error: { code: "forbidden", message: mutedMessage("flooding") },
    });
    expect(mutedMessage("flooding")).toBe(
      "You are muted in the group chat and cannot send messages. Reason: flooding",
    );
    expect(await test.app.db.select().from(groupMessages).where(eq(groupMessages.id, attempt.id))).toEqual(
      [],
    );

    const rejoined = await emitWithAck<GroupJoinData>(miaSocket, "join_group");
    expect(rejoined.ok && rejoined.data.mute).toMatchObject({ reason: "flooding", mutedBy: "Mod_Admin" });
    // Issue #33: another member's join lists no mutes (a name there could name a confession's author).
    const nedJoin = await emitWithAck<GroupJoinData>(nedSocket, "join_group");
    expect(nedJoin.ok && nedJoin.data.mutedUsers).toEqual([]);
    const adminJoin = await emitWithAck<GroupJoinData>(adminSocket, "join_group");
    expect(adminJoin.ok && adminJoin.data.mutedUsers.map((m) => m.userId)).toEqual([mia.id]);
    const me = await request(mia, "GET", "/api/moderation/me");
    expect(me.json<ModerationMe>()).toMatchObject({ banned: false, mute: { reason: "flooding" } });
    const again = await request(admin, "POST", "/api/admin/mutes", { username: "Mia_R", reason: "other" });
    expect(again.json<MuteResult>()).toMatchObject({ created: false, mute: { reason: "flooding" } });
    const list = await request(admin, "GET", "/api/admin/mutes");
    expect(list.json<{ mutes: AdminMuteRecord[] }>().mutes.map((m) => m.username)).toEqual(["Mia_R"]);
  });

  it("lets an unmuted user post again", async () => {
    const told = nextEvent(miaSocket, "user_unmuted");
    expect((await request(admin, "DELETE", `/api/admin/mutes/${mia.id}`)).json()).toEqual({ removed: true });
    expect(await told).toEqual({ userId: mia.id, username: "Mia_R", unmutedBy: "Mod_Admin" });
    expect((await emitWithAck(miaSocket, "group_message", groupText("thanks"))).ok).toBe(true);
  });

  it("stores a report with the server's snapshot of the reported messages; admins dismiss or act on it", async () => {
    const rude = groupText("something rude");
    expect((await emitWithAck(nedSocket, "group_message", groupText("first"))).ok).toBe(true);
    expect((await emitWithAck(nedSocket, "group_message", rude)).ok).toBe(true);

    const made = await request(mia, "POST", "/api/reports", {
      targetUserId: ned.id,
      messageId: rude.id,
      reason: "harassment",
      details: "see the last message",
    });
    expect(made.statusCode).toBe(201);
    const { reportId } = made.json<{ reportId: string }>();
    const selfReport = await request(mia, "POST", "/api/reports", { targetUserId: mia.id, reason: "spam" });
    expect(selfReport.statusCode).toBe(400);
    const notTheirs = await request(mia, "POST", "/api/reports", {
      targetUserId: admin.id,
      messageId: rude.id,
      reason: "spam",
    });
    expect(notTheirs.statusCode).toBe(400);

    const queue = (await request(admin, "GET", "/api/admin/reports")).json<{
      reports: AdminReportRecord[];
    }>();
    expect(queue.reports).toHaveLength(1);
    const [report] = queue.reports;
    expect(report).toMatchObject({
      id: reportId,
      reporterUsername: "Mia_R",
      targetUsername: "Ned_Guest",
      context: "group",
      messageId: rude.id,
      status: "open",
    });
    expect(report?.snapshot.map((message) => message.content)).toEqual(["first", "something rude"]);

    const deleted = nextEvent(miaSocket, "group_message_deleted");
    const acted = await request(admin, "POST", `/api/admin/reports/${reportId}/action`, {
      action: "delete-message",
    });
    expect(acted.json<{ report: AdminReportRecord }>().report.status).toBe("actioned");
    expect(await deleted).toEqual({ id: rude.id });
    const history = await request(mia, "GET", "/api/group/messages");
    expect(history.json<{ messages: { id: string }[] }>().messages.map((m) => m.id)).not.toContain(rude.id);

    const second = await request(mia, "POST", "/api/reports", { targetUserId: ned.id, reason: "spam" });
    const secondId = second.json<{ reportId: string }>().reportId;
    const dismissed = await request(admin, "POST", `/api/admin/reports/${secondId}/dismiss`);
    expect(dismissed.json<{ report: AdminReportRecord }>().report.status).toBe("dismissed");
    const third = await request(mia, "POST", "/api/reports", { targetUserId: ned.id, reason: "spam" });
    const banned = nextEvent(nedSocket, "user_banned");
    await request(admin, "POST", `/api/admin/reports/${third.json<{ reportId: string }>().reportId}/action`, {
      action: "ban",
      reason: "repeated spam",
    });
    expect((await banned).bannedBy).toBe("Mod_Admin");
    const [ban] = await test.app.db.select().from(bannedUsers);
    expect(ban).toMatchObject({ userId: ned.id, reason: "repeated spam", deviceIds: [ned.deviceId] });
    expect((await test.app.db.select().from(reports)).map((row) => row.status).sort()).toEqual([
      "actioned",
      "actioned",
      "dismissed",
    ]);
  });

  it("lets an admin delete any group message for everyone", async () => {
    const message = groupText("delete me");
    expect((await emitWithAck(miaSocket, "group_message", message)).ok).toBe(true);
    const gone = nextEvent(adminSocket, "group_message_deleted");
    const response = await request(admin, "DELETE", `/api/admin/group/messages/${message.id}`);
    expect(response.json()).toEqual({ deleted: true });
    expect(await gone).toEqual({ id: message.id });
    expect((await request(admin, "DELETE", `/api/admin/group/messages/${message.id}`)).json()).toEqual({
      deleted: false,
    });
  });
});

import type { BannedUserRecord, BanResult, GroupJoinData, ModerationMe } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bannedUsers } from "../../src/db/schema";
import {
  asPerson,
  BANNED_ACK,
  createGuest,
  createRegistered,
  emitWithAck,
  groupText,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";

describe("group chat: bans (spec §4 Bans, ARCHITECTURE §9.4)", () => {
  let test: TestApp;
  let admin: TestPerson;
  let bob: TestPerson;
  let troll: TestPerson;
  let adminSocket: TestClient;
  let bobSocket: TestClient;

  beforeAll(async () => {
    test = await startTestApp();
    admin = await createRegistered(test.app, "Mod_Admin", { isAdmin: true });
    bob = await createRegistered(test.app, "Bob_R");
    troll = await createGuest(test.app, "Troll_Guest");
    adminSocket = await test.connect(asPerson(admin));
    bobSocket = await test.connect(asPerson(bob));
    for (const socket of [adminSocket, bobSocket])
      expect((await emitWithAck(socket, "join_group")).ok).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  const adminRequest = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    requestAs(test.app, admin, method, url, payload);

  it("kicks a banned user out of the room on the spot, with the admin's name, and refuses them everything", async () => {
    const trollSocket = await test.connect(asPerson(troll));
    // Bob's page shows the troll first (a join and a ban inside one coalesce window cancel out).
    const onList = nextEvent(bobSocket, "group_people", (delta) =>
      delta.upserts.some((p) => p.userId === troll.id),
    );
    expect((await emitWithAck(trollSocket, "join_group")).ok).toBe(true);
    await onList;
    const said = groupText("spam spam");
    expect((await emitWithAck(trollSocket, "group_message", said)).ok).toBe(true);

    const told = nextEvent(trollSocket, "user_banned");
    const adminList = nextEvent(adminSocket, "banned_users_updated", (list) =>
      list.some((ban) => ban.userId === troll.id),
    );
    const offList = nextEvent(bobSocket, "group_people", (delta) => delta.removals.includes(troll.id));
    // spec §5: the username matches case-insensitively.
    const response = await adminRequest("POST", "/api/admin/bans", {
      username: "troll_GUEST",
      reason: "spam",
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<BanResult>();
    expect(result).toMatchObject({
      created: true,
      ban: { username: "Troll_Guest", bannedBy: "Mod_Admin", reason: "spam" },
    });
    expect(await told).toEqual({ username: "Troll_Guest", userId: troll.id, bannedBy: "Mod_Admin" });
    expect((await adminList)[0]?.userId).toBe(troll.id);
    await offList;

    // Nothing they send reaches anyone now, and they cannot get back in.
    const heard: string[] = [];
    bobSocket.on("group_message", (message) => heard.push(message.id));
    const again = groupText("am I still here?");
    expect(await emitWithAck(trollSocket, "group_message", again)).toEqual(BANNED_ACK);
    expect(await emitWithAck(trollSocket, "join_group")).toEqual(BANNED_ACK);
    expect(await emitWithAck(trollSocket, "check_if_banned", { username: "x", userId: "y" })).toEqual({
      ok: true,
      data: { banned: true },
    });
    bobSocket.off("group_message");
    expect(heard).not.toContain(again.id);

    // Not by reconnecting…
    trollSocket.disconnect();
    const reconnected = await test.connect(asPerson(troll));
    expect(await emitWithAck(reconnected, "join_group")).toEqual(BANNED_ACK);
    // …not by HTTP…
    const history = await requestAs(test.app, troll, "GET", "/api/group/messages");
    expect(history.statusCode).toBe(403);
    const me = await requestAs(test.app, troll, "GET", "/api/moderation/me");
    expect(me.json<ModerationMe>()).toMatchObject({ banned: true, isAdmin: false });
    // …not by forcing the unban (ARCHITECTURE §9.4: admins only)…
    expect(
      await emitWithAck(reconnected, "force_unban_user", { username: "Troll_Guest", userId: troll.id }),
    ).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
    // …and not as a new guest from the same browser.
    const newGuest = await createGuest(test.app, "Fresh_Face", troll.deviceId);
    const newGuestSocket = await test.connect(asPerson(newGuest));
    expect(await emitWithAck(newGuestSocket, "join_group")).toEqual(BANNED_ACK);
    expect((await test.app.db.select().from(bannedUsers)).length).toBe(1);
  });

  it("does nothing when banning someone already banned", async () => {
    const before = await test.app.db.select().from(bannedUsers);
    const response = await adminRequest("POST", "/api/admin/bans", {
      username: "TROLL_guest",
      reason: "again",
    });
    expect(response.json<BanResult>()).toMatchObject({ created: false, ban: { reason: "spam" } });
    expect(await test.app.db.select().from(bannedUsers)).toEqual(before);
  });

  it("refuses to ban an unknown username or yourself", async () => {
    expect((await adminRequest("POST", "/api/admin/bans", { username: "nobody_here" })).statusCode).toBe(404);
    expect((await adminRequest("POST", "/api/admin/bans", { username: "mod_admin" })).statusCode).toBe(400);
  });

  it("lists the latest bans for admins", async () => {
    const response = await adminRequest("GET", "/api/admin/bans");
    const { bans } = response.json<{ bans: BannedUserRecord[] }>();
    expect(bans.map((ban) => ban.username)).toEqual(["Troll_Guest"]);
  });

  it("lets an unbanned user back in, telling them who unbanned them", async () => {
    const trollSocket = await test.connect(asPerson(troll));
    const told = nextEvent(trollSocket, "user_unbanned");
    const response = await adminRequest("DELETE", "/api/admin/bans/TROLL_GUEST");
    expect(response.json()).toEqual({ removed: true });
    expect(await told).toEqual({ username: "Troll_Guest", unbannedBy: "Mod_Admin", userId: troll.id });
    expect((await emitWithAck<GroupJoinData>(trollSocket, "join_group")).ok).toBe(true);
    expect((await emitWithAck(trollSocket, "group_message", groupText("sorry"))).ok).toBe(true);
    expect((await adminRequest("DELETE", "/api/admin/bans/troll_guest")).json()).toEqual({ removed: false });
  });

  it("lets an admin force an unban over the socket", async () => {
    await adminRequest("POST", "/api/admin/bans", { username: "Bob_R" });
    expect(await emitWithAck(bobSocket, "group_message", groupText("hello?"))).toEqual(BANNED_ACK);
    const unbanned = await emitWithAck(adminSocket, "force_unban_user", {
      username: "bob_r",
      userId: "ignored",
    });
    expect(unbanned).toEqual({ ok: true, data: { unbanned: true } });
    expect((await emitWithAck(bobSocket, "join_group")).ok).toBe(true);
  });
});

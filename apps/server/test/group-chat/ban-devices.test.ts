import type { GroupJoinData, GroupMessage } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { nextEvent, recordEvents } from "../helpers/socket-events";
import { startTestApp, type TestApp } from "../helpers/test-app";

describe("group chat: a ban stops the banned browser receiving the room (spec §4 Bans)", () => {
  let test: TestApp;
  let admin: TestPerson;
  let bob: TestPerson;

  beforeAll(async () => {
    test = await startTestApp();
    admin = await createRegistered(test.app, "Dev_Admin", { isAdmin: true });
    bob = await createRegistered(test.app, "Bob_Dev");
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  it("takes the user's sockets and every other account's sockets in the same browser out of the room", async () => {
    const troll = await createGuest(test.app, "Troll_Dev");
    // A second guest made in the same browser, joined before the ban.
    const twin = await createGuest(test.app, "Troll_Twin", troll.deviceId);
    const adminSocket = await test.connect(asPerson(admin));
    const bobSocket = await test.connect(asPerson(bob));
    const trollTabs = [await test.connect(asPerson(troll)), await test.connect(asPerson(troll))];
    const twinSocket = await test.connect(asPerson(twin));
    for (const socket of [adminSocket, bobSocket, ...trollTabs, twinSocket]) {
      expect((await emitWithAck<GroupJoinData>(socket, "join_group")).ok).toBe(true);
    }

    const twinTold = nextEvent(twinSocket, "user_banned");
    const banned = await requestAs(test.app, admin, "POST", "/api/admin/bans", { userId: troll.id });
    expect(banned.statusCode).toBe(200);
    expect(await twinTold).toEqual({ username: "Troll_Twin", userId: twin.id, bannedBy: "Dev_Admin" });

    // What the room says from now on reaches nobody of that browser.
    const heard = [...trollTabs, twinSocket].map((socket) => recordEvents(socket, "group_message"));
    const said = groupText("after the ban");
    const atAdmin = nextEvent(
      adminSocket,
      "group_message",
      (message: GroupMessage) => message.id === said.id,
    );
    expect((await emitWithAck(bobSocket, "group_message", said)).ok).toBe(true);
    await atAdmin;
    // A second message after it: anything the first could reach has arrived by the time it does.
    const marker = groupText("marker");
    const markerAtAdmin = nextEvent(adminSocket, "group_message", (m: GroupMessage) => m.id === marker.id);
    expect((await emitWithAck(bobSocket, "group_message", marker)).ok).toBe(true);
    await markerAtAdmin;
    for (const record of heard) {
      record.stop();
      expect(record.payloads.map((message) => message.id)).toEqual([]);
    }
    // The other account is refused too, sending and joining.
    expect(await emitWithAck(twinSocket, "group_message", groupText("me neither?"))).toEqual(BANNED_ACK);
    expect(await emitWithAck(twinSocket, "join_group")).toEqual(BANNED_ACK);
    // Someone in another browser is untouched.
    expect((await emitWithAck(bobSocket, "join_group")).ok).toBe(true);
  });
});

import {
  ACCOUNT_PATHS,
  DISPLAY_NAME_FALLBACKS,
  type GroupHistoryPage,
  type GroupJoinData,
  type GroupMessage,
  type GroupMessageAck,
} from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asPerson,
  createRegistered,
  emitWithAck,
  groupText,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { nextEvent, recordEvents } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";

const DELETED = DISPLAY_NAME_FALLBACKS.deletedUser;

/**
 * Issue #38: a deleted author's group messages are served as 'Deleted User' (no picture, no gender,
 * never the name they were sent under), in history and in the join answer, and the room is told at
 * once (`group_sender_deleted`); quotes of them read 'Deleted User' too.
 */
describe("group chat: a deleted author's messages read 'Deleted User' (issue #38)", () => {
  let test: TestApp;
  let stayer: TestPerson;
  let stayerSocket: TestClient;

  beforeAll(async () => {
    test = await startTestApp();
    stayer = await createRegistered(test.app, "Stayer_R", { gender: "female" });
    stayerSocket = await test.connect(asPerson(stayer));
    expect((await emitWithAck(stayerSocket, "join_group")).ok).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  async function joinedMember(name: string) {
    const member = await createRegistered(test.app, name, { gender: "male" });
    const socket = await test.connect(asPerson(member));
    expect((await emitWithAck(socket, "join_group")).ok).toBe(true);
    return { member, socket };
  }
  async function say(socket: TestClient, content: string, replyToId?: string) {
    const message = groupText(content, replyToId ? { replyTo: { id: replyToId } } : {});
    const acked = await emitWithAck<GroupMessageAck>(socket, "group_message", message);
    if (!acked.ok) throw new Error(acked.error.message);
    return message.id;
  }
  async function history(): Promise<GroupMessage[]> {
    const response = await requestAs(test.app, stayer, "GET", "/api/group/messages?limit=50");
    expect(response.statusCode).toBe(200);
    return response.json<GroupHistoryPage>().messages;
  }
  const deleteAccount = (member: TestPerson) =>
    requestAs(test.app, member, "DELETE", ACCOUNT_PATHS.myProfile);

  it("tells the room at once and serves the old messages and quotes of them as 'Deleted User'", async () => {
    const { member, socket } = await joinedMember("Leaving_Author");
    const own = await say(socket, "a line before I go");
    const reply = await say(stayerSocket, "answering you", own);
    const before = (await history()).find((message) => message.id === own);
    expect(before).toMatchObject({ senderUsername: "Leaving_Author", senderGender: "male" });

    const told = nextEvent(stayerSocket, "group_sender_deleted", (payload) => payload.userId === member.id);
    expect((await deleteAccount(member)).statusCode).toBe(200);
    expect(await told).toEqual({ userId: member.id });

    const page = await history();
    const old = page.find((message) => message.id === own);
    expect(old).toMatchObject({
      senderId: member.id,
      senderUsername: DELETED,
      senderProfileImage: null,
      senderGender: null,
      senderDeleted: true,
      content: "a line before I go",
    });
    const answer = page.find((message) => message.id === reply);
    expect(answer?.senderUsername).toBe("Stayer_R");
    expect(answer?.senderDeleted).toBeUndefined();
    expect(answer?.replyTo).toMatchObject({
      senderId: member.id,
      senderUsername: DELETED,
      senderDeleted: true,
    });
    expect(JSON.stringify(page)).not.toContain("Leaving_Author");

    // The join answer is the same history; a new reply to the old message quotes 'Deleted User' live.
    const joined = await emitWithAck<GroupJoinData>(stayerSocket, "join_group");
    if (!joined.ok) throw new Error(joined.error.message);
    expect(JSON.stringify(joined.data.messages)).not.toContain("Leaving_Author");
    const later = groupText("still thinking of it", { replyTo: { id: own } });
    const live = nextEvent(stayerSocket, "group_message", (message) => message.id === later.id);
    const { socket: otherSocket } = await joinedMember("Late_Comer");
    expect((await emitWithAck(otherSocket, "group_message", later)).ok).toBe(true);
    expect((await live).replyTo).toMatchObject({ senderId: member.id, senderUsername: DELETED });
  });

  it("says nothing to the room when the deleted account never wrote there", async () => {
    const { member } = await joinedMember("Quiet_Leaver");
    const heard = recordEvents(stayerSocket, "group_sender_deleted");
    const { member: writer, socket } = await joinedMember("Loud_Leaver");
    await say(socket, "one line");
    const told = nextEvent(stayerSocket, "group_sender_deleted", (payload) => payload.userId === writer.id);
    expect((await deleteAccount(member)).statusCode).toBe(200);
    expect((await deleteAccount(writer)).statusCode).toBe(200);
    // The writer's push came after the quiet one's deletion had committed and been pushed (if at all).
    await told;
    heard.stop();
    expect(heard.payloads.map((payload) => payload.userId)).toEqual([writer.id]);
  });
});

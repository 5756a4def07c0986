import type { GroupJoinData, GroupMessage, GroupOnlineUser } from "@heartline/shared";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { applyGroupChatEvent, readGroupRoom, reduceGroupRoom } from "./apply-group-chat-event";
import { EMPTY_ROOM } from "./group-room-state";

function message(seq: number, overrides: Partial<GroupMessage> = {}): GroupMessage {
  return {
    id: `m-${seq}`,
    seq,
    content: `hello ${seq}`,
    type: "text",
    senderId: "sam",
    senderUsername: "Sam",
    senderProfileImage: null,
    timestamp: 1_000 + seq,
    ...overrides,
  };
}

const ROSA: GroupOnlineUser = {
  userId: "rosa",
  username: "Rosa",
  gender: "female",
  profileImage: null,
  status: "online",
  isGuest: true,
};
const SAM: GroupOnlineUser = { ...ROSA, userId: "sam", username: "Sam", gender: "male", isGuest: false };

function joinData(overrides: Partial<GroupJoinData> = {}): GroupJoinData {
  return {
    messages: [message(5), message(6)],
    hasMore: true,
    onlineUsers: [ROSA, SAM],
    peopleCounts: { online: 2, away: 0 },
    mutedUsers: [],
    mute: null,
    ...overrides,
  };
}

describe("reduceGroupRoom", () => {
  it("a join fills the room and remembers genders for message colours", () => {
    const room = reduceGroupRoom(EMPTY_ROOM, { type: "joined", data: joinData() });
    expect(room.messages.map((m) => m.seq)).toEqual([5, 6]);
    expect(room.hasMore).toBe(true);
    expect(room.onlineUsers).toHaveLength(2);
    expect(room.genders).toEqual({ rosa: "female", sam: "male" });
  });

  it("a rejoin merges the latest messages with older pages already loaded", () => {
    let room = reduceGroupRoom(EMPTY_ROOM, { type: "joined", data: joinData() });
    room = reduceGroupRoom(room, {
      type: "history_page",
      messages: [message(3), message(4)],
      hasMore: false,
    });
    room = reduceGroupRoom(room, {
      type: "joined",
      data: joinData({ messages: [message(6), message(7)], hasMore: true }),
    });
    expect(room.messages.map((m) => m.seq)).toEqual([3, 4, 5, 6, 7]);
    expect(room.hasMore).toBe(false);
  });

  it("a rejoin drops what was deleted while away inside the page's range", () => {
    let room = reduceGroupRoom(EMPTY_ROOM, {
      type: "joined",
      data: joinData({ messages: [message(4), message(5), message(6)] }),
    });
    room = reduceGroupRoom(room, {
      type: "joined",
      data: joinData({ messages: [message(4), message(6), message(7)], hasMore: true }),
    });
    expect(room.messages.map((m) => m.seq)).toEqual([4, 6, 7]);
  });

  it("a rejoin after a long absence leaves no hole: the stale messages go and older ones page in again", () => {
    let room = reduceGroupRoom(EMPTY_ROOM, { type: "joined", data: joinData() });
    room = reduceGroupRoom(room, {
      type: "history_page",
      messages: [message(3), message(4)],
      hasMore: false,
    });
    room = reduceGroupRoom(room, {
      type: "joined",
      data: joinData({ messages: [message(90), message(91)], hasMore: true }),
    });
    expect(room.messages.map((m) => m.seq)).toEqual([90, 91]);
    expect(room.hasMore).toBe(true);
  });

  it("a rejoin whose page is all there is keeps nothing else (everything older was deleted)", () => {
    let room = reduceGroupRoom(EMPTY_ROOM, { type: "joined", data: joinData() });
    room = reduceGroupRoom(room, {
      type: "joined",
      data: joinData({ messages: [message(6)], hasMore: false }),
    });
    expect(room.messages.map((m) => m.seq)).toEqual([6]);
    expect(room.hasMore).toBe(false);
    room = reduceGroupRoom(room, { type: "joined", data: joinData({ messages: [], hasMore: false }) });
    expect(room.messages).toEqual([]);
  });

  it("a rejoin keeps a message pushed while the join was on its way (newer than the page)", () => {
    let room = reduceGroupRoom(EMPTY_ROOM, { type: "joined", data: joinData() });
    room = reduceGroupRoom(room, { type: "group_message", message: message(8) });
    room = reduceGroupRoom(room, {
      type: "joined",
      data: joinData({ messages: [message(6), message(7)], hasMore: true }),
    });
    expect(room.messages.map((m) => m.seq)).toEqual([5, 6, 7, 8]);
  });

  it("adds a pushed message once (a retried id or our own ack copy is not doubled) and stops its sender's typing", () => {
    let room = reduceGroupRoom(EMPTY_ROOM, {
      type: "group_typing",
      payload: { userId: "sam", username: "Sam", isTyping: true },
      now: 1,
    });
    expect(room.typing.sam?.username).toBe("Sam");
    room = reduceGroupRoom(room, { type: "group_message", message: message(9) });
    room = reduceGroupRoom(room, {
      type: "group_message",
      message: message(9, { senderProfileImage: "avatar-2" }),
    });
    expect(room.messages).toHaveLength(1);
    expect(room.messages[0]?.senderProfileImage).toBe("avatar-2");
    expect(room.typing).toEqual({});
  });

  it("orders out-of-order pushes by seq", () => {
    let room = reduceGroupRoom(EMPTY_ROOM, { type: "group_message", message: message(8) });
    room = reduceGroupRoom(room, { type: "group_message", message: message(7) });
    expect(room.messages.map((m) => m.seq)).toEqual([7, 8]);
  });

  it("removes a message deleted for everyone", () => {
    let room = reduceGroupRoom(EMPTY_ROOM, { type: "joined", data: joinData() });
    room = reduceGroupRoom(room, { type: "group_message_deleted", id: "m-5" });
    expect(room.messages.map((m) => m.id)).toEqual(["m-6"]);
  });

  it("shows a deleted author's messages and quotes of them as 'Deleted User' at once (issue #38)", () => {
    const quote = {
      id: "m-5",
      content: "hello 5",
      senderId: "sam",
      senderUsername: "Sam",
      timestamp: 1,
      type: "text" as const,
    };
    let room = reduceGroupRoom(EMPTY_ROOM, {
      type: "joined",
      data: joinData({
        messages: [
          message(5, { senderProfileImage: "/uploads/users/sam/a.png", senderGender: "male" }),
          message(6, { senderId: "rosa", senderUsername: "Rosa", replyTo: quote }),
          message(7, { senderId: "rosa", senderUsername: "Rosa" }),
        ],
      }),
    });
    room = reduceGroupRoom(room, {
      type: "group_typing",
      payload: { userId: "sam", username: "Sam", isTyping: true },
      now: 1,
    });
    room = reduceGroupRoom(room, { type: "group_sender_deleted", userId: "sam" });
    const [own, reply, other] = room.messages;
    expect(own).toMatchObject({
      senderUsername: "Deleted User",
      senderProfileImage: null,
      senderGender: null,
      senderDeleted: true,
      content: "hello 5",
    });
    expect(reply).toMatchObject({
      senderUsername: "Rosa",
      replyTo: { senderUsername: "Deleted User", senderDeleted: true },
    });
    expect(other).toEqual(message(7, { senderId: "rosa", senderUsername: "Rosa" }));
    expect(JSON.stringify(room.messages)).not.toContain('"Sam"');
    expect(room.typing).toEqual({});
    expect(room.genders.sam).toBeNull();
  });

  it("typing stops on isTyping false", () => {
    let room = reduceGroupRoom(EMPTY_ROOM, {
      type: "group_typing",
      payload: { userId: "sam", username: "Sam", isTyping: true },
      now: 1,
    });
    room = reduceGroupRoom(room, {
      type: "group_typing",
      payload: { userId: "sam", username: "Sam", isTyping: false },
      now: 2,
    });
    expect(room.typing).toEqual({});
  });

  it("applies people deltas to the page shown: status moves, leaves, joins, in list order (spec §4 Presence)", () => {
    let room = reduceGroupRoom(EMPTY_ROOM, { type: "joined", data: joinData() });
    expect(room.peopleCounts).toEqual({ online: 2, away: 0 });
    const kai: GroupOnlineUser = { ...ROSA, userId: "kai", username: "Kai", gender: "other" };
    room = reduceGroupRoom(room, {
      type: "group_people",
      delta: {
        counts: { online: 2, away: 1 },
        upserts: [{ ...ROSA, status: "away" }, kai],
        removals: ["sam"],
      },
    });
    // Online before away, then by name.
    expect(room.onlineUsers.map((u) => `${u.userId}:${u.status}`)).toEqual(["kai:online", "rosa:away"]);
    expect(room.peopleCounts).toEqual({ online: 2, away: 1 });
    expect(room.genders.kai).toBe("other");
    room = reduceGroupRoom(room, { type: "userStatusChanged", userId: "kai", isOnline: false });
    expect(room.onlineUsers.map((u) => u.userId)).toEqual(["rosa"]);
    expect(room.genders.sam).toBe("male");
  });

  it("keeps only the page's length: a join above it pushes the last one out", () => {
    const page = { offset: 0, counts: { online: 2, away: 0 }, users: [ROSA, SAM] };
    let room = reduceGroupRoom(EMPTY_ROOM, { type: "people_page", page, limit: 2 });
    const ann: GroupOnlineUser = { ...ROSA, userId: "ann", username: "Ann" };
    room = reduceGroupRoom(room, {
      type: "group_people",
      delta: { counts: { online: 3, away: 0 }, upserts: [ann], removals: [] },
    });
    expect(room.onlineUsers.map((u) => u.userId)).toEqual(["ann", "rosa"]);
    room = reduceGroupRoom(room, { type: "group_people_counts", counts: { online: 40, away: 2 } });
    expect(room.peopleCounts).toEqual({ online: 40, away: 2 });
    expect(room.onlineUsers).toHaveLength(2);
  });

  it("keeps the user's own mute live (spec §4: muted users cannot post and see why)", () => {
    let room = reduceGroupRoom(EMPTY_ROOM, {
      type: "user_muted",
      mute: { mutedAt: 1, mutedBy: "Mod", reason: "spam", expiresAt: null },
    });
    expect(room.mute?.reason).toBe("spam");
    room = reduceGroupRoom(room, {
      type: "muted_users_updated",
      users: [{ userId: "rosa", username: "Rosa", mutedAt: 1 }],
    });
    expect(room.mutedUsers).toHaveLength(1);
    room = reduceGroupRoom(room, { type: "user_unmuted" });
    expect(room.mute).toBeNull();
  });

  it("empties the online list when the connection is lost (spec §4 Socket)", () => {
    let room = reduceGroupRoom(EMPTY_ROOM, { type: "joined", data: joinData() });
    room = reduceGroupRoom(room, { type: "online_list_lost" });
    expect(room.onlineUsers).toEqual([]);
    expect(room.peopleCounts).toEqual({ online: 0, away: 0 });
    expect(room.messages).toHaveLength(2);
  });
});

describe("applyGroupChatEvent", () => {
  it("writes to the query cache", () => {
    const client = new QueryClient();
    expect(readGroupRoom(client)).toBe(EMPTY_ROOM);
    applyGroupChatEvent(client, { type: "joined", data: joinData() });
    expect(readGroupRoom(client).messages).toHaveLength(2);
  });
});

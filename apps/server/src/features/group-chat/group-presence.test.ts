import type { GroupPresence as GroupPresenceData } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { toOnlineUsers } from "./group-presence";

const member = (userId: string, status: "online" | "away", inGroup = true) => ({
  rooms: new Set(inGroup ? ["group", `user:${userId}`] : [`user:${userId}`]),
  data: {
    userId,
    group: { username: userId, gender: null, profileImage: null, isGuest: true, status } as GroupPresenceData,
  } as Parameters<typeof toOnlineUsers>[0][number]["data"],
});

describe("the group's online list (spec §4 Presence)", () => {
  it("lists each user once: online if any of their sockets is, away only if all are", () => {
    const users = toOnlineUsers([
      member("ann", "away"),
      member("ann", "online"),
      member("bo", "away"),
      member("cy", "online", false),
    ]);
    expect([...users.values()].map(({ userId, status }) => ({ userId, status }))).toEqual([
      { userId: "ann", status: "online" },
      { userId: "bo", status: "away" },
    ]);
  });

  it("leaves out sockets that are not in the room or carry no group data", () => {
    const noData = { rooms: new Set(["group"]), data: { userId: "dee", group: null } as never };
    expect(toOnlineUsers([noData, member("eve", "online", false)]).size).toBe(0);
  });
});

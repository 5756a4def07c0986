import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { presenceKeys } from "../api/presence-keys";
import { applyPresenceEvent, countFromOnlineUsers } from "./apply-presence-event";

describe("countFromOnlineUsers (spec §7 online_users payloads)", () => {
  it("takes a number as the count, floored at 0 (spec §5)", () => {
    expect(countFromOnlineUsers(37)).toBe(37);
    expect(countFromOnlineUsers(-4)).toBe(0);
  });

  it("counts the people in an array payload", () => {
    expect(
      countFromOnlineUsers([
        { userId: "a", username: "a" },
        { userId: "b", username: "b" },
      ]),
    ).toBe(2);
    expect(countFromOnlineUsers([])).toBe(0);
  });

  it("ignores anything else", () => {
    expect(countFromOnlineUsers("12")).toBeNull();
    expect(countFromOnlineUsers(null)).toBeNull();
  });
});

describe("applyPresenceEvent", () => {
  it("writes pushed counts to the cache and ignores odd payloads", () => {
    const client = new QueryClient();
    applyPresenceEvent(client, { type: "online_users", payload: 12 });
    expect(client.getQueryData(presenceKeys.onlineCount())).toBe(12);
    applyPresenceEvent(client, { type: "online_users", payload: "x" as unknown as number });
    expect(client.getQueryData(presenceKeys.onlineCount())).toBe(12);
  });
});

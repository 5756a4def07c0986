import { GROUP_CHAT_SOCKET_POLICY } from "@heartline/shared";
import { afterEach, describe, expect, it } from "vitest";
import { startTestSocketServer } from "../../../test/socket-server";
import { readInGroupFlag, setInGroupFlag, shouldRejoin } from "./group-session-flag";
import { applyGroupSocketPolicy } from "./group-socket-policy";

afterEach(() => sessionStorage.clear());

describe("the group session flag (spec §4 Socket: automatic rejoin)", () => {
  it("is kept in sessionStorage and cleared on leaving", () => {
    expect(readInGroupFlag()).toBe(false);
    setInGroupFlag(true);
    expect(readInGroupFlag()).toBe(true);
    setInGroupFlag(false);
    expect(readInGroupFlag()).toBe(false);
  });

  it("rejoins only with the flag set and on a /group-chat route", () => {
    expect(shouldRejoin(true, "/group-chat")).toBe(true);
    expect(shouldRejoin(true, "/group-chat/friends")).toBe(true);
    expect(shouldRejoin(true, "/group-chatter")).toBe(false);
    expect(shouldRejoin(true, "/")).toBe(false);
    expect(shouldRejoin(false, "/group-chat")).toBe(false);
  });
});

describe("applyGroupSocketPolicy (spec §9 Group-chat socket)", () => {
  it("sets 5 attempts, 1–10 s, randomization 0.5, 20 s timeout on the real manager and restores it", async () => {
    const server = await startTestSocketServer();
    try {
      const socket = await server.createClient();
      const manager = socket.io;
      const before = [
        manager.reconnectionAttempts(),
        manager.reconnectionDelay(),
        manager.reconnectionDelayMax(),
      ];
      const restore = applyGroupSocketPolicy(manager);
      expect(manager.reconnectionAttempts()).toBe(GROUP_CHAT_SOCKET_POLICY.reconnectionAttempts);
      expect(manager.reconnectionDelay()).toBe(1_000);
      expect(manager.reconnectionDelayMax()).toBe(10_000);
      expect(manager.randomizationFactor()).toBe(0.5);
      expect(manager.timeout()).toBe(20_000);
      restore();
      expect([
        manager.reconnectionAttempts(),
        manager.reconnectionDelay(),
        manager.reconnectionDelayMax(),
      ]).toEqual(before);
    } finally {
      await server.close();
    }
  });
});

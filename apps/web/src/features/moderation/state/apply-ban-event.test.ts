import { describe, expect, it } from "vitest";
import { applyBanEvent, type BanEffects } from "./apply-ban-event";

function recorder(overrides: Partial<BanEffects> = {}) {
  const calls: string[] = [];
  const effects: BanEffects = {
    userId: "user-me-000000000000000",
    username: "Rosa",
    isOnHomePage: () => false,
    recordBan: (userId, bannedBy) => calls.push(`ban ${userId} by ${bannedBy}`),
    clearBan: (userId) => calls.push(`unban ${userId}`),
    showError: (message) => calls.push(`error ${message}`),
    showUnbanned: (message, withRejoinLink) =>
      calls.push(`success ${message}${withRejoinLink ? " + rejoin link" : ""}`),
    ...overrides,
  };
  return { calls, effects };
}

describe("applyBanEvent (spec §4 Bans, §8)", () => {
  it("a ban of the current user records it and shows who banned them", () => {
    const { calls, effects } = recorder();
    applyBanEvent(
      {
        type: "user_banned",
        payload: { username: "Rosa", userId: "user-me-000000000000000", bannedBy: "Mod" },
      },
      effects,
    );
    expect(calls).toEqual([
      "ban user-me-000000000000000 by Mod",
      "error You have been banned from the group chat by Mod.",
    ]);
  });

  it("matches the username case-insensitively when the id differs (spec §5)", () => {
    const { calls, effects } = recorder();
    applyBanEvent(
      { type: "user_banned", payload: { username: "rOSA", userId: "other", bannedBy: "Mod" } },
      effects,
    );
    expect(calls[0]).toBe("ban user-me-000000000000000 by Mod");
  });

  it("ignores bans and unbans of other people", () => {
    const { calls, effects } = recorder();
    applyBanEvent(
      { type: "user_banned", payload: { username: "Sam", userId: "sam", bannedBy: "Mod" } },
      effects,
    );
    applyBanEvent(
      { type: "user_unbanned", payload: { username: "Sam", userId: "sam", unbannedBy: "Mod" } },
      effects,
    );
    expect(calls).toEqual([]);
  });

  it("ignores every ban event while signed out", () => {
    const { calls, effects } = recorder({ userId: null, username: null });
    applyBanEvent(
      { type: "user_banned", payload: { username: "Rosa", userId: "x", bannedBy: "Mod" } },
      effects,
    );
    expect(calls).toEqual([]);
  });

  it("an unban clears the ban and names the unbanner; no rejoin link away from home", () => {
    const { calls, effects } = recorder();
    applyBanEvent(
      {
        type: "user_unbanned",
        payload: { username: "Rosa", userId: "user-me-000000000000000", unbannedBy: "Mod" },
      },
      effects,
    );
    expect(calls).toEqual([
      "unban user-me-000000000000000",
      "success You have been unbanned from the group chat by Mod.",
    ]);
  });

  it("on the home page the unban's one toast also offers the link back to the group chat", () => {
    const { calls, effects } = recorder({ isOnHomePage: () => true });
    applyBanEvent(
      {
        type: "user_unbanned",
        payload: { username: "Rosa", userId: "user-me-000000000000000", unbannedBy: "Mod" },
      },
      effects,
    );
    expect(calls).toEqual([
      "unban user-me-000000000000000",
      "success You have been unbanned from the group chat by Mod. + rejoin link",
    ]);
  });
});

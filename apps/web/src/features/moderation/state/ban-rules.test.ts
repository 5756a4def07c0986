import { BANNED_LIST_CACHE_TTL_MS } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import {
  type BanMemory,
  decideEntry,
  hasUnbannedParam,
  isBannedByAnswer,
  isEmergencyUnbanShortcut,
  withBan,
  withOverride,
  withoutBan,
} from "./ban-rules";

const EMPTY: BanMemory = { banned: {}, overrides: {} };
const NOW = 1_700_000_000_000;

describe("decideEntry (spec §4 Bans: cache, then check_if_banned)", () => {
  it("asks the server when nothing is cached", () => {
    expect(decideEntry(EMPTY, "u1", NOW)).toEqual({ kind: "ask-server" });
  });

  it("refuses at once on a fresh cached ban", () => {
    const memory = withBan(EMPTY, "u1", "Mod", NOW);
    expect(decideEntry(memory, "u1", NOW + 1000)).toEqual({ kind: "banned", bannedBy: "Mod" });
    expect(decideEntry(memory, "u2", NOW + 1000)).toEqual({ kind: "ask-server" });
  });

  it("asks the server again once the cached ban is older than 1 h (spec §9)", () => {
    const memory = withBan(EMPTY, "u1", "Mod", NOW);
    expect(decideEntry(memory, "u1", NOW + BANNED_LIST_CACHE_TTL_MS)).toEqual({ kind: "ask-server" });
  });

  it("an override skips the cache but the server still decides (ARCHITECTURE §9.4)", () => {
    const memory = withOverride(withBan(EMPTY, "u1", "Mod", NOW), "u1", NOW);
    expect(memory.banned.u1).toBeUndefined();
    expect(memory.overrides.u1).toBe(NOW);
    expect(decideEntry(memory, "u1", NOW)).toEqual({ kind: "ask-server" });
  });

  it("a new ban replaces an earlier override", () => {
    const memory = withBan(withOverride(EMPTY, "u1", NOW), "u1", "Mod", NOW + 5);
    expect(memory.overrides.u1).toBeUndefined();
    expect(decideEntry(memory, "u1", NOW + 10).kind).toBe("banned");
  });

  it("withoutBan lifts only that user's ban and keeps the same object when there is none", () => {
    const memory = withBan(withBan(EMPTY, "u1", "Mod", NOW), "u2", "Mod", NOW);
    expect(Object.keys(withoutBan(memory, "u1").banned)).toEqual(["u2"]);
    expect(withoutBan(EMPTY, "u1")).toBe(EMPTY);
  });
});

describe("isBannedByAnswer", () => {
  it("is banned only on a successful answer that says so; errors pass (spec §4)", () => {
    expect(isBannedByAnswer({ ok: true, banned: true })).toBe(true);
    expect(isBannedByAnswer({ ok: true, banned: false })).toBe(false);
    expect(isBannedByAnswer({ ok: false })).toBe(false);
  });
});

describe("URL and keyboard triggers", () => {
  it("reads unbanned=true only", () => {
    expect(hasUnbannedParam("?unbanned=true")).toBe(true);
    expect(hasUnbannedParam("?x=1&unbanned=true")).toBe(true);
    expect(hasUnbannedParam("?unbanned=1")).toBe(false);
    expect(hasUnbannedParam("")).toBe(false);
  });

  it("recognises Ctrl+Shift+U and nothing else", () => {
    const keys = { ctrlKey: true, shiftKey: true, altKey: false, metaKey: false };
    expect(isEmergencyUnbanShortcut({ ...keys, key: "U" })).toBe(true);
    expect(isEmergencyUnbanShortcut({ ...keys, key: "u" })).toBe(true);
    expect(isEmergencyUnbanShortcut({ ...keys, shiftKey: false, key: "u" })).toBe(false);
    expect(isEmergencyUnbanShortcut({ ...keys, altKey: true, key: "U" })).toBe(false);
    expect(isEmergencyUnbanShortcut({ ...keys, key: "Y" })).toBe(false);
  });
});

import { BANNED_LIST_CACHE_TTL_MS } from "@heartline/shared";

/** What this browser remembers about one user's group-chat ban (spec §7 Browser storage). */
export interface CachedBan {
  bannedBy: string;
  /** When this browser learned of the ban (ms). */
  recordedAt: number;
}

export interface BanMemory {
  /** spec §7 "banned users": bans this browser has seen, by user id. */
  banned: Readonly<Record<string, CachedBan>>;
  /** spec §4 Bans "unban override": user ids with a local override and when it was applied. */
  overrides: Readonly<Record<string, number>>;
}

export type EntryDecision =
  /** A fresh cached ban and no override: refuse without asking the server. */
  | { kind: "banned"; bannedBy: string | null }
  /** Ask the server (`check_if_banned`); its answer decides. */
  | { kind: "ask-server" };

/**
 * spec §4 Bans: on entering the group chat, the cache first (valid 1 h, §9), then the server. A local
 * override skips the cache only: the server's answer still decides (ARCHITECTURE §9.4).
 */
export function decideEntry(memory: BanMemory, userId: string, now: number): EntryDecision {
  const cached = memory.banned[userId];
  const hasOverride = memory.overrides[userId] !== undefined;
  if (cached && !hasOverride && now - cached.recordedAt < BANNED_LIST_CACHE_TTL_MS) {
    return { kind: "banned", bannedBy: cached.bannedBy };
  }
  return { kind: "ask-server" };
}

export type ServerBanAnswer = { ok: true; banned: boolean } | { ok: false };

/** spec §4 Bans: what the server's `check_if_banned` answer means; on errors the user passes. */
export function isBannedByAnswer(answer: ServerBanAnswer): boolean {
  return answer.ok && answer.banned;
}

export function withBan(memory: BanMemory, userId: string, bannedBy: string, now: number): BanMemory {
  const { [userId]: _override, ...overrides } = memory.overrides;
  return { banned: { ...memory.banned, [userId]: { bannedBy, recordedAt: now } }, overrides };
}

/** The ban is lifted (an unban event, `unbanned=true`, a clean server answer). */
export function withoutBan(memory: BanMemory, userId: string): BanMemory {
  if (!memory.banned[userId]) return memory;
  const { [userId]: _removed, ...banned } = memory.banned;
  return { ...memory, banned };
}

/** spec §4 Bans: Ctrl+Shift+U; the local ban is set aside and the override kept across reloads. */
export function withOverride(memory: BanMemory, userId: string, now: number): BanMemory {
  const { [userId]: _removed, ...banned } = memory.banned;
  return { banned, overrides: { ...memory.overrides, [userId]: now } };
}

/** spec §4 Bans: the URL parameter `unbanned=true` clears the ban locally. */
export function hasUnbannedParam(search: string): boolean {
  return new URLSearchParams(search).get("unbanned") === "true";
}

/** spec §4 Bans: the emergency shortcut is Ctrl+Shift+U. */
export function isEmergencyUnbanShortcut(event: {
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  key: string;
}): boolean {
  return (
    event.ctrlKey && event.shiftKey && !event.altKey && !event.metaKey && event.key.toLowerCase() === "u"
  );
}

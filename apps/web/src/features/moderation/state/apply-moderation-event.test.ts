import type { BannedUserRecord } from "@heartline/shared";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { moderationKeys } from "../api/moderation-keys";
import { applyModerationEvent } from "./apply-moderation-event";

const BAN: BannedUserRecord = {
  username: "Sam",
  userId: "sam-id",
  bannedBy: "Mod",
  bannedAt: 1,
  reason: "spam",
};

describe("applyModerationEvent", () => {
  it("replaces the cached banned list with the pushed one (spec §6 latest 50)", () => {
    const client = new QueryClient();
    client.setQueryData(moderationKeys.bans(), { bans: [] });
    applyModerationEvent(client, { type: "banned_users_updated", bans: [BAN] });
    expect(client.getQueryData(moderationKeys.bans())).toEqual({ bans: [BAN] });
  });

  it("marks the admin mute list stale on a mute push", () => {
    const client = new QueryClient();
    client.setQueryData(moderationKeys.mutes(), { mutes: [] });
    applyModerationEvent(client, { type: "muted_users_updated" });
    expect(client.getQueryState(moderationKeys.mutes())?.isInvalidated).toBe(true);
  });
});

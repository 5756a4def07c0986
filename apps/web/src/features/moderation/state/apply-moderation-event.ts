import type { BannedUserRecord } from "@heartline/shared";
import type { QueryClient } from "@tanstack/react-query";
import { moderationKeys } from "../api/moderation-keys";

export type ModerationEvent =
  | { type: "banned_users_updated"; bans: BannedUserRecord[] }
  | { type: "muted_users_updated" };

/**
 * The one place moderation socket pushes change the admin area's cache. The banned list arrives whole
 * (latest 50, spec §6); the mute push carries no reasons, so the admin list is fetched again.
 */
export function applyModerationEvent(queryClient: QueryClient, event: ModerationEvent): void {
  if (event.type === "banned_users_updated") {
    queryClient.setQueryData(moderationKeys.bans(), { bans: event.bans });
    return;
  }
  void queryClient.invalidateQueries({ queryKey: moderationKeys.mutes() });
}

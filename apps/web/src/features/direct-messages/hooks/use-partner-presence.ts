import type { PresenceStatus } from "@heartline/shared";
import { useFriends } from "../../friends";
import { useDmClientStore } from "../state/dm-client-store";

/**
 * Issue #38: a partner's presence as the list shows it: the newest `user:status` push, else the friends
 * list's (loaded with presence, then moved by the same pushes); null when neither knows yet.
 */
export function usePartnerPresence(partnerId: string): PresenceStatus | null {
  const pushed = useDmClientStore((state) => state.statuses[partnerId]);
  const friends = useFriends(true);
  return pushed ?? friends.data?.friends.find((friend) => friend.id === partnerId)?.status ?? null;
}

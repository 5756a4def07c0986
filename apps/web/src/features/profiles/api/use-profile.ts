import { DISPLAY_NAME_FALLBACKS, type PublicProfile } from "@heartline/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAppSocket } from "../../../lib/socket";
import { applyUserDeleted } from "../state/apply-user-deleted";
import { profileKeys } from "./profile-keys";
import { fetchPublicProfile } from "./profiles-api";

export interface ProfileLookup {
  /** The profile, or null when the person is deleted or never existed. */
  profile: PublicProfile | null;
  /** The username, or 'Deleted User' for a deleted or nonexistent person (spec §4). */
  displayName: string;
  isDeleted: boolean;
  isLoading: boolean;
  isError: boolean;
}

/** Keeps profile lookups current when someone deletes their account (socket `user_deleted`). */
export function useUserDeletedUpdates(): void {
  const socket = useAppSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onUserDeleted = (payload: { userId: string }) => applyUserDeleted(queryClient, payload);
    socket.on("user_deleted", onUserDeleted);
    return () => {
      socket.off("user_deleted", onUserDeleted);
    };
  }, [socket, queryClient]);
}

/**
 * A public profile by id (GET /api/users/:id). spec §4: deleted or nonexistent people display as
 * 'Deleted User'; a lookup that fails for another reason is an error, not a deletion.
 */
export function useProfile(id: string | null | undefined): ProfileLookup {
  useUserDeletedUpdates();
  const query = useQuery({
    queryKey: profileKeys.detail(id ?? ""),
    queryFn: () => fetchPublicProfile(id ?? ""),
    enabled: Boolean(id),
  });
  const found = query.data ?? null;
  const isDeleted = query.isSuccess && (found === null || found.isDeleted);
  const profile = isDeleted ? null : found;
  const displayName = isDeleted ? DISPLAY_NAME_FALLBACKS.deletedUser : (profile?.username ?? "");
  return {
    profile,
    displayName,
    isDeleted,
    isLoading: query.isPending && Boolean(id),
    isError: query.isError,
  };
}

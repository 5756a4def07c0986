import type { PublicProfile } from "@heartline/shared";
import type { QueryClient } from "@tanstack/react-query";
import { profileKeys } from "../api/profile-keys";

/**
 * spec §4 Account deletion: the server pushes `user_deleted`; wherever that person's profile is
 * held it turns into a deleted profile at once (shown as 'Deleted User'), then is re-read.
 */
export function applyUserDeleted(queryClient: QueryClient, { userId }: { userId: string }): void {
  const key = profileKeys.detail(userId);
  queryClient.setQueryData<PublicProfile | null>(key, (profile) =>
    profile ? { ...profile, isDeleted: true, profileImage: null, bannerImage: null, bio: null } : profile,
  );
  void queryClient.invalidateQueries({ queryKey: key });
}

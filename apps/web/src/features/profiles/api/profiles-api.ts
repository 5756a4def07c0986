import {
  ACCOUNT_PATHS,
  type AccountUser,
  type ProfileUpdateInput,
  type PublicProfile,
} from "@heartline/shared";
import { ApiError, apiRequest } from "../../../lib/http-client";

/** PATCH /api/users/me with bio and/or a built-in avatar (or null to clear a picture). */
export async function updateMyProfile(input: ProfileUpdateInput): Promise<AccountUser> {
  const body = await apiRequest<{ user: AccountUser }>(ACCOUNT_PATHS.myProfile, {
    method: "PATCH",
    json: input,
  });
  return body.user;
}

/**
 * GET /api/users/:id. A missing user comes back as null rather than an error: spec §4 shows a
 * deleted or nonexistent person as 'Deleted User', which is an answer, not a failure.
 */
export async function fetchPublicProfile(id: string): Promise<PublicProfile | null> {
  try {
    return await apiRequest<PublicProfile>(ACCOUNT_PATHS.user(id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

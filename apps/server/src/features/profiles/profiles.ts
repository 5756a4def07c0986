import type { Feature } from "../feature";
import { type ProfilesDeps, profilesRoutes } from "./profiles.routes";
import { removeFilesOf } from "./remove-account";

/**
 * Profiles, pictures and the account's own deletion route (spec §3 User, §4 deletion, §5 Image
 * upload); at a deletion, the account's uploads and its folder in the store.
 */
export function createProfiles(deps: ProfilesDeps): Feature {
  return { routes: profilesRoutes(deps), removeAccount: removeFilesOf(deps) };
}

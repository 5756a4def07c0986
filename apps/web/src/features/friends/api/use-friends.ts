import { useQuery } from "@tanstack/react-query";
import { friendsQuery } from "../../../lib/friends-query";

/** My accepted friends (spec §3 Friend profile). Only asked for registered, verified users. */
export function useFriends(isEnabled: boolean) {
  return useQuery({ ...friendsQuery(), enabled: isEnabled });
}

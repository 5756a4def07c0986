import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { currentAppSocket, refreshSocketIdentity } from "../../../lib/socket";
import { accountRequests } from "../api/account-requests";
import { sessionKeys } from "../api/use-session";
import { clearStoredAuth, markExplicitLogout } from "../state/auth-storage";

/** spec §2: signing out from these pages lands on the home page. */
function isChatPath(pathname: string): boolean {
  return /^\/(chat|group-chat)(\/|$)/.test(pathname);
}

/**
 * spec §4 Logout: the explicit-logout marker, leave the group chat, end the session, clear cached
 * server data, stored auth and the stored group chat username, and leave /chat or /group-chat.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return async () => {
    markExplicitLogout();
    currentAppSocket()?.emit("leave_group");
    // A failed sign-out request still signs out here (spec §4: on auth loss the user is logged out).
    await accountRequests.signOut().catch(() => undefined);
    // Home first (issue #38): the chats' guard, seeing no user, would open the guest modal there as the
    // way back in, which nobody who just signed out asked for.
    if (isChatPath(pathname)) await navigate("/", { replace: true });
    // Signed out at once for every mounted observer, then the rest of the server data goes.
    queryClient.setQueryData(sessionKeys.current, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
    clearStoredAuth();
    await refreshSocketIdentity();
  };
}

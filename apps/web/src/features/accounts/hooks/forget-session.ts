import type { QueryClient } from "@tanstack/react-query";
import { sessionKeys } from "../api/use-session";
import { clearStoredAuth, markExplicitLogout } from "../state/auth-storage";

/**
 * After the server ended the session on its own (signed out everywhere, account deleted): forget the
 * user here the way a logout does (spec §4 Logout: explicit-logout marker, stored auth cleared).
 */
export function forgetSession(queryClient: QueryClient): void {
  markExplicitLogout();
  clearStoredAuth();
  queryClient.setQueryData(sessionKeys.current, null);
}

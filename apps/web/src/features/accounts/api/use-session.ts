import { type AccountUser, VERIFICATION_POLL_GLOBAL_MS } from "@heartline/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, apiRequest } from "../../../lib/http-client";
import { useAppSocket } from "../../../lib/socket";
import { needsEmailVerification } from "../domain/account-status";

export interface Session {
  user: AccountUser | null;
  isLoading: boolean;
}

/**
 * `ACCOUNT_PATHS.me`, spelled out: importing the contract module would pull its zod schemas into the
 * landing page's initial JavaScript (a test keeps the two equal).
 */
export const SESSION_PATH = "/api/accounts/me";

export const sessionKeys = {
  all: ["session"] as const,
  current: ["session", "me"] as const,
};

/** The signed-in user (`GET /api/accounts/me`); null when there is no session. */
export async function fetchSessionUser(): Promise<AccountUser | null> {
  try {
    const body = await apiRequest<{ user?: AccountUser | null } | null>(SESSION_PATH);
    return body?.user ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Refetches the account when the server says it changed (verified, upgraded, profile, admin role). */
function useSessionPushes(): void {
  const socket = useAppSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    };
    socket.on("account_updated", refetch);
    socket.on("adminStatusChanged", refetch);
    return () => {
      socket.off("account_updated", refetch);
      socket.off("adminStatusChanged", refetch);
    };
  }, [socket, queryClient]);
}

/**
 * Who is signed in, from the session cookie. A failed lookup counts as signed out (spec §4: on auth
 * loss the user is treated as logged out). While an account waits for its e-mail verification the
 * lookup repeats every 5 s (spec §4, §9 global verification polling).
 */
export function useSession(): Session {
  useSessionPushes();
  const query = useQuery({
    queryKey: sessionKeys.current,
    queryFn: fetchSessionUser,
    retry: false,
    refetchInterval: (current) =>
      current.state.data && needsEmailVerification(current.state.data) ? VERIFICATION_POLL_GLOBAL_MS : false,
  });
  return { user: query.data ?? null, isLoading: query.isPending && query.fetchStatus !== "idle" };
}

/** The signed-in user, looked up every `intervalMs` (the Verify Your Email modal's own poll, spec §9). */
export function usePolledSessionUser(intervalMs: number): AccountUser | null | undefined {
  return useQuery({ queryKey: sessionKeys.current, queryFn: fetchSessionUser, refetchInterval: intervalMs })
    .data;
}

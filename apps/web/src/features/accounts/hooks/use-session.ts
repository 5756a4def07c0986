import { useQuery } from "@tanstack/react-query";

export interface SessionUser {
  id: string;
  username: string;
  isGuest: boolean;
  /** Better Auth admin plugin role (display only: the server re-reads the role to authorise). */
  isAdmin: boolean;
}

export interface Session {
  user: SessionUser | null;
  isLoading: boolean;
}

export const SESSION_ENDPOINT = "/api/auth/get-session";
export const sessionKeys = { current: ["session"] as const };

interface BetterAuthSessionBody {
  user?: {
    id?: unknown;
    displayUsername?: unknown;
    username?: unknown;
    name?: unknown;
    isAnonymous?: unknown;
    role?: unknown;
  };
}

/** The signed-in user from Better Auth's session endpoint; null when there is no session. */
export async function fetchSessionUser(baseUrl = ""): Promise<SessionUser | null> {
  const response = await fetch(`${baseUrl}${SESSION_ENDPOINT}`, {
    credentials: "include",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`session lookup failed with ${response.status}`);
  const body = (await response.json().catch(() => null)) as BetterAuthSessionBody | null;
  const user = body?.user;
  if (!user || typeof user.id !== "string") return null;
  const name = [user.displayUsername, user.username, user.name].find(
    (value): value is string => typeof value === "string" && value.length > 0,
  );
  return {
    id: user.id,
    username: name ?? "Guest",
    isGuest: user.isAnonymous === true,
    isAdmin: typeof user.role === "string" && user.role.split(",").includes("admin"),
  };
}

/**
 * Who is signed in (Better Auth's cookie session). A failed lookup counts as signed out (spec §4:
 * on auth loss the user is treated as logged out).
 */
export function useSession(): Session {
  const query = useQuery({ queryKey: sessionKeys.current, queryFn: () => fetchSessionUser(), retry: false });
  return { user: query.data ?? null, isLoading: query.isPending && query.fetchStatus !== "idle" };
}

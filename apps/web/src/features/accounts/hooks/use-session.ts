export interface SessionUser {
  id: string;
  username: string;
}

export interface Session {
  user: SessionUser | null;
  isLoading: boolean;
}

const SIGNED_OUT: Session = { user: null, isLoading: false };

/**
 * Who is signed in. The accounts feature's seam: until accounts exist there are no sessions, so
 * everyone is signed out. The accounts issue replaces the body with the session query and keeps this
 * shape, so callers (the group-chat guard, the home page's Join Chat Room) need no change.
 */
export function useSession(): Session {
  return SIGNED_OUT;
}

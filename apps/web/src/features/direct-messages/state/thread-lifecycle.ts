/**
 * An open DM thread's life (Bluesky's social-app keeps a conversation the same way): its first page
 * loads over HTTP; then it is live (pushes keep it current); when the socket drops it is
 * reconnecting (pushes may be missed); once the socket is back it is catching up (ARCHITECTURE §5:
 * `after=<last seq>` until hasMore is false), then live again.
 */
export type ThreadPhase = "loading" | "failed" | "live" | "reconnecting" | "catching-up";

export interface ThreadLifecycle {
  phase: ThreadPhase;
  /** The socket is up (a page that lands while it is down waits for the catch-up). */
  isConnected: boolean;
}

export type ThreadLifecycleEvent =
  /** The newest page is in (the first load, or a refetch after a failure). */
  | { type: "LOADED" }
  | { type: "LOAD_FAILED" }
  | { type: "DISCONNECTED" }
  | { type: "RECONNECTED" }
  /** The catch-up fetched everything after the last seq (maybe nothing). */
  | { type: "CAUGHT_UP" }
  /** The catch-up's request failed: what is loaded stays, pushes go on, the next reconnect tries again. */
  | { type: "CATCH_UP_FAILED" };

export const INITIAL_THREAD_LIFECYCLE: ThreadLifecycle = { phase: "loading", isConnected: true };

/** A thread already in the cache (loaded before it had a lifecycle): live while the socket is up. */
export const LOADED_THREAD_LIFECYCLE: ThreadLifecycle = { phase: "live", isConnected: true };

/**
 * (lifecycle, event) → lifecycle, pure. An event that means nothing in the current phase returns the
 * same object, so a caller can tell that nothing changed.
 */
export function transitionThread(lifecycle: ThreadLifecycle, event: ThreadLifecycleEvent): ThreadLifecycle {
  const { phase, isConnected } = lifecycle;
  switch (event.type) {
    case "LOADED":
      if (phase !== "loading" && phase !== "failed") return lifecycle;
      return { ...lifecycle, phase: isConnected ? "live" : "reconnecting" };
    case "LOAD_FAILED":
      return phase === "loading" ? { ...lifecycle, phase: "failed" } : lifecycle;
    case "DISCONNECTED":
      if (!isConnected) return lifecycle;
      // Loading goes on over HTTP; a loaded thread may now miss pushes.
      if (phase === "loading" || phase === "failed") return { ...lifecycle, isConnected: false };
      return { phase: "reconnecting", isConnected: false };
    case "RECONNECTED":
      if (isConnected) return lifecycle;
      // A page still loading is newer than anything missed: no catch-up for it.
      if (phase === "loading" || phase === "failed") return { ...lifecycle, isConnected: true };
      return { phase: "catching-up", isConnected: true };
    case "CAUGHT_UP":
    case "CATCH_UP_FAILED":
      return phase === "catching-up" ? { ...lifecycle, phase: "live" } : lifecycle;
  }
}

/** Whether this change starts a catch-up (the thread just came back from reconnecting). */
export function startsCatchUp(before: ThreadLifecycle, after: ThreadLifecycle): boolean {
  return before.phase !== "catching-up" && after.phase === "catching-up";
}

import { create } from "zustand";
import {
  INITIAL_THREAD_LIFECYCLE,
  LOADED_THREAD_LIFECYCLE,
  type ThreadLifecycle,
  type ThreadLifecycleEvent,
  transitionThread,
} from "./thread-lifecycle";

interface ThreadLifecycleStore {
  /** By partner id; a thread not here is loading, or live when its page is already cached. */
  threads: Record<string, ThreadLifecycle>;
  /** Applies one event to one thread and returns its lifecycle before and after. */
  dispatch: (
    partnerId: string,
    event: ThreadLifecycleEvent,
    isCached?: boolean,
  ) => { before: ThreadLifecycle; after: ThreadLifecycle };
}

/** Hosts the DM threads' lifecycle machine: every change goes through `transitionThread`. */
export const useThreadLifecycleStore = create<ThreadLifecycleStore>()((set, get) => ({
  threads: {},
  dispatch: (partnerId, event, isCached = false) => {
    const before =
      get().threads[partnerId] ?? (isCached ? LOADED_THREAD_LIFECYCLE : INITIAL_THREAD_LIFECYCLE);
    const after = transitionThread(before, event);
    if (after !== before || !get().threads[partnerId]) {
      set((state) => ({ threads: { ...state.threads, [partnerId]: after } }));
    }
    return { before, after };
  },
}));

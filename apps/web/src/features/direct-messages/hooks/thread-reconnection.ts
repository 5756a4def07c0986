import type { QueryClient } from "@tanstack/react-query";
import type { AppSocket } from "../../../lib/socket";
import { dmKeys } from "../api/dm-keys";
import { fetchMessages } from "../api/dm-requests";
import { applyDmEvent } from "../state/apply-dm-event";
import { catchUp } from "../state/catch-up";
import { startsCatchUp } from "../state/thread-lifecycle";
import { useThreadLifecycleStore } from "../state/thread-lifecycle-store";
import { lastSeq, type ThreadState } from "../state/thread-state";

/** The loaded threads by partner id (the cache holds each one's pages). */
function cachedThreads(queryClient: QueryClient): Map<string, ThreadState> {
  const threads = new Map<string, ThreadState>();
  for (const [key, thread] of queryClient.getQueriesData<ThreadState>({ queryKey: dmKeys.threads() })) {
    const partnerId = key[2];
    if (thread && typeof partnerId === "string") threads.set(partnerId, thread);
  }
  return threads;
}

function knownPartners(cached: Map<string, ThreadState>): Set<string> {
  return new Set([...Object.keys(useThreadLifecycleStore.getState().threads), ...cached.keys()]);
}

/** The socket dropped: every live thread is reconnecting (a push may be missed from now on). */
export function markThreadsDisconnected(queryClient: QueryClient): void {
  const cached = cachedThreads(queryClient);
  const { dispatch } = useThreadLifecycleStore.getState();
  for (const partnerId of knownPartners(cached)) {
    dispatch(partnerId, { type: "DISCONNECTED" }, cached.has(partnerId));
  }
}

/**
 * The socket is back: each thread that was live catches up from its last seq (ARCHITECTURE §5), the
 * missed messages go in its cache and the partner's are acknowledged as delivered; then it is live.
 */
export function catchUpThreads(socket: AppSocket, queryClient: QueryClient): void {
  const cached = cachedThreads(queryClient);
  const { dispatch } = useThreadLifecycleStore.getState();
  for (const partnerId of knownPartners(cached)) {
    const isCached = cached.has(partnerId);
    // A drop this hook did not hear (it was not listening yet) still counts.
    dispatch(partnerId, { type: "DISCONNECTED" }, isCached);
    const change = dispatch(partnerId, { type: "RECONNECTED" }, isCached);
    const thread = cached.get(partnerId);
    if (!startsCatchUp(change.before, change.after)) continue;
    if (!thread) {
      dispatch(partnerId, { type: "CAUGHT_UP" });
      continue;
    }
    void catchUp((after) => fetchMessages(partnerId, { after }), lastSeq(thread)).then(
      (missed) => {
        dispatch(partnerId, { type: "CAUGHT_UP" });
        if (missed.length === 0) return;
        applyDmEvent(queryClient, { type: "messages", partnerId, messages: missed });
        const lastIncoming = missed.filter((message) => message.senderId === partnerId).at(-1);
        if (lastIncoming) socket.emit("direct_message_delivered", { partnerId, upToSeq: lastIncoming.seq });
      },
      () => dispatch(partnerId, { type: "CATCH_UP_FAILED" }),
    );
  }
}

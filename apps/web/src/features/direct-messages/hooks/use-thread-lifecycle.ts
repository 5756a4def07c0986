import { useEffect } from "react";
import { INITIAL_THREAD_LIFECYCLE, type ThreadPhase } from "../state/thread-lifecycle";
import { useThreadLifecycleStore } from "../state/thread-lifecycle-store";

/** The open thread's phase; its first page's query reports loaded or failed (the socket does the rest). */
export function useThreadLifecycle(partnerId: string, status: "pending" | "error" | "success"): ThreadPhase {
  useEffect(() => {
    if (status === "pending") return;
    useThreadLifecycleStore
      .getState()
      .dispatch(partnerId, { type: status === "success" ? "LOADED" : "LOAD_FAILED" });
  }, [partnerId, status]);
  return useThreadLifecycleStore((state) => (state.threads[partnerId] ?? INITIAL_THREAD_LIFECYCLE).phase);
}

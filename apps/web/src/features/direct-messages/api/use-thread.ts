import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError } from "../../../lib/http-client";
import { applyOlderPage, type ThreadState } from "../state/thread-state";
import { dmKeys } from "./dm-keys";
import { fetchMessages } from "./dm-requests";

/**
 * The loaded part of a thread: the newest page first, then whatever pushes, older pages and catch-ups
 * add (applyDmEvent). Never refetched behind the reader's back: that would drop the older pages.
 */
export function useThread(partnerId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: dmKeys.thread(partnerId),
    queryFn: async (): Promise<ThreadState> => {
      const page = await fetchMessages(partnerId);
      return { messages: page.messages, hasOlder: page.hasMore };
    },
    enabled: isEnabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (count, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
}

/** Loads the page before the first loaded message (`before=<seq>`). */
export function useOlderMessages(partnerId: string) {
  const queryClient = useQueryClient();
  const { mutate, isPending } = useMutation({
    mutationFn: (beforeSeq: number) => fetchMessages(partnerId, { before: beforeSeq }),
    onSuccess: (page) =>
      queryClient.setQueryData<ThreadState>(dmKeys.thread(partnerId), (thread) =>
        thread ? applyOlderPage(thread, page) : thread,
      ),
  });
  const loadOlder = useCallback(() => {
    const thread = queryClient.getQueryData<ThreadState>(dmKeys.thread(partnerId));
    const first = thread?.messages[0];
    if (!thread?.hasOlder || !first || isPending) return;
    mutate(first.seq);
  }, [queryClient, partnerId, isPending, mutate]);
  return { loadOlder, isLoading: isPending };
}

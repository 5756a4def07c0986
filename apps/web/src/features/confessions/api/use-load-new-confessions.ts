import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ConfessionFeed, mergeFreshPage } from "../state/feed-state";
import { confessionKeys } from "./confession-keys";
import { fetchConfessionPage } from "./use-confession-feed";

/** The "N new confessions" banner: the newest page again, merged on top of what is shown. */
export function useLoadNewConfessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchConfessionPage("new", null),
    onSuccess: (fresh) =>
      queryClient.setQueryData<ConfessionFeed>(confessionKeys.feed("new"), (feed) =>
        feed ? mergeFreshPage(feed, fresh) : { pages: [fresh], pageParams: [null] },
      ),
  });
}

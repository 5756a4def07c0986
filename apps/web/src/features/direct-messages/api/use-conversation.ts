import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../lib/http-client";
import { dmKeys } from "./dm-keys";
import { fetchConversation } from "./dm-requests";

/** Who the partner is and how I stand with them; a deleted or unknown partner is a 404 with the spec §5 text. */
export function useConversation(partnerId: string) {
  return useQuery({
    queryKey: dmKeys.conversation(partnerId),
    queryFn: () => fetchConversation(partnerId),
    retry: (count, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
}

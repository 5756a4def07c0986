import { GROUP_HISTORY_PAGE_SIZE, type GroupHistoryPage, MODERATION_PATHS } from "@heartline/shared";
import { apiRequest } from "../../../lib/http-client";

/** Keyset paging (ARCHITECTURE §4): the messages before `beforeSeq`, oldest first. */
export function fetchGroupHistory(beforeSeq: number): Promise<GroupHistoryPage> {
  const query = new URLSearchParams({ before: String(beforeSeq), limit: String(GROUP_HISTORY_PAGE_SIZE) });
  return apiRequest<GroupHistoryPage>(`${MODERATION_PATHS.groupMessages}?${query}`);
}

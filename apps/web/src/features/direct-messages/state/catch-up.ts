import type { DirectMessage, DirectMessagePage } from "@heartline/shared";

export type FetchAfter = (afterSeq: number) => Promise<DirectMessagePage>;

/** A server that keeps saying hasMore without moving forward must not loop for ever. */
const MAX_CATCH_UP_PAGES = 50;

/**
 * ARCHITECTURE §5: after a reconnect the client fetches what it missed by seq: `after=<last seq>` page
 * after page until `hasMore` is false, each page's last seq the next cursor, so no message falls in a
 * hole between what was loaded and what the pushes bring next.
 */
export async function catchUp(fetchAfter: FetchAfter, fromSeq: number): Promise<DirectMessage[]> {
  const missed: DirectMessage[] = [];
  let cursor = fromSeq;
  for (let page = 0; page < MAX_CATCH_UP_PAGES; page += 1) {
    const { messages, hasMore } = await fetchAfter(cursor);
    missed.push(...messages);
    const next = messages.at(-1)?.seq ?? cursor;
    if (!hasMore || next <= cursor) break;
    cursor = next;
  }
  return missed;
}

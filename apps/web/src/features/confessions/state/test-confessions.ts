import type { ConfessionPage, ConfessionView } from "@heartline/shared";
import type { ConfessionFeed } from "./feed-state";

const NO_REACTIONS = { "❤️": 0, "😂": 0, "😮": 0, "😢": 0, "🔥": 0, "🙏": 0 };

/** A confession as the server would send it, newest ids sort first in these tests. */
export function confession(id: string, extra: Partial<ConfessionView> = {}): ConfessionView {
  return {
    id,
    content: `confession ${id}`,
    contentWarning: null,
    createdAt: 1_700_000_000_000,
    isOwn: false,
    myReaction: null,
    reactions: { ...NO_REACTIONS },
    commentCount: 0,
    ...extra,
  };
}

export function page(ids: string[], nextCursor: string | null = null): ConfessionPage {
  return { confessions: ids.map((id) => confession(id)), sort: "new", nextCursor };
}

export function feedOf(...pages: ConfessionPage[]): ConfessionFeed {
  return { pages, pageParams: pages.map((_page, index) => (index === 0 ? null : `cursor-${index}`)) };
}

export const ids = (list: readonly ConfessionView[]) => list.map((item) => item.id);

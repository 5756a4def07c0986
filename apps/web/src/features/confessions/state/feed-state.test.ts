import { describe, expect, it } from "vitest";
import {
  applyCounts,
  feedConfessions,
  mergeFreshPage,
  prependConfession,
  removeConfession,
  unseenCount,
} from "./feed-state";
import { confession, feedOf, ids, page } from "./test-confessions";

describe("the confession feed", () => {
  it("shows each confession once even when two pages both hold it", () => {
    const feed = feedOf(page(["c5", "c4", "c3"], "k"), page(["c3", "c2"]));
    expect(ids(feedConfessions(feed))).toEqual(["c5", "c4", "c3", "c2"]);
  });

  it("puts the fresh page's unseen confessions on top when it reaches what is shown", () => {
    const feed = feedOf(page(["c3", "c2"], "k"), page(["c1"]));
    const merged = mergeFreshPage(feed, page(["c5", "c4", "c3", "c2"]));
    expect(ids(feedConfessions(merged))).toEqual(["c5", "c4", "c3", "c2", "c1"]);
    expect(merged.pages).toHaveLength(2);
  });

  it("starts over from the fresh page when more arrived than one page holds (no hidden gap)", () => {
    const feed = feedOf(page(["c2", "c1"]));
    const merged = mergeFreshPage(feed, page(["c9", "c8"], "k9"));
    expect(ids(feedConfessions(merged))).toEqual(["c9", "c8"]);
    expect(merged.pageParams).toEqual([null]);
  });

  it("keeps the same feed when the fresh page brings nothing new", () => {
    const feed = feedOf(page(["c2", "c1"]));
    expect(mergeFreshPage(feed, page(["c2", "c1"]))).toBe(feed);
  });

  it("fills an empty wall from the fresh page", () => {
    const merged = mergeFreshPage(feedOf(page([])), page(["c1"]));
    expect(ids(feedConfessions(merged))).toEqual(["c1"]);
  });

  it("adds the viewer's own post on top once, whichever of the answer and the push came first", () => {
    const feed = feedOf(page(["c1"]));
    const once = prependConfession(feed, confession("c2", { isOwn: true }));
    expect(ids(feedConfessions(prependConfession(once, confession("c2"))))).toEqual(["c2", "c1"]);
    expect(feedConfessions(once)[0]?.isOwn).toBe(true);
  });

  it("drops a removed confession from whichever page holds it", () => {
    const feed = feedOf(page(["c3", "c2"], "k"), page(["c1"]));
    expect(ids(feedConfessions(removeConfession(feed, "c1")))).toEqual(["c3", "c2"]);
    expect(removeConfession(feed, "missing")).toBe(feed);
  });

  it("applies pushed counts and keeps the viewer's own reaction", () => {
    const feed = feedOf({ ...page([]), confessions: [confession("c1", { myReaction: "🔥" })] });
    const reactions = { "❤️": 2, "😂": 0, "😮": 0, "😢": 0, "🔥": 1, "🙏": 0 };
    const [updated] = feedConfessions(applyCounts(feed, { id: "c1", reactions, commentCount: 3 }));
    expect(updated).toMatchObject({ reactions, commentCount: 3, myReaction: "🔥" });
  });

  it("counts for the banner only announced confessions the feed does not show", () => {
    const feed = feedOf(page(["c2", "c1"]));
    expect(unseenCount(new Set(["c3", "c2", "c4"]), feed)).toBe(2);
    expect(unseenCount(new Set(["c3"]), undefined)).toBe(1);
  });
});

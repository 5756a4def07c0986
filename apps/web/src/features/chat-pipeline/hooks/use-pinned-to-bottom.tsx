import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { JumpToLatest } from "../../../ui/jump-to-latest";

/** Closer than this to the bottom counts as being at it (and keeps following). */
const BOTTOM_PX = 120;

interface Anchor {
  /** The distance from the bottom of the content to the top of the view. */
  fromBottom: number;
  wasAtBottom: boolean;
}

/**
 * issue #38: a chat log that is at its newest message stays there whatever grows under it (a picture
 * that loads, a row that wraps on a narrower screen, the view shrinking for the phone's keyboard): a
 * `ResizeObserver` on the rows and on the view scrolls it back down. A reader scrolled up keeps their
 * place and gets "Jump to latest", with the count of what came in since (`addUnseen`).
 */
export function usePinnedToBottom(
  listRef: RefObject<HTMLElement | null>,
  rowsRef: RefObject<HTMLElement | null>,
) {
  const anchor = useRef<Anchor>({ fromBottom: 0, wasAtBottom: true });
  const [isAway, setIsAway] = useState(false);
  const [unseen, setUnseen] = useState(0);

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const fromBottom = list.scrollHeight - list.scrollTop;
    const wasAtBottom = fromBottom - list.clientHeight < BOTTOM_PX;
    anchor.current = { fromBottom, wasAtBottom };
    setIsAway(!wasAtBottom);
    if (wasAtBottom) setUnseen(0);
  }, [listRef]);

  const toBottom = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    list.scrollTop = list.scrollHeight;
    anchor.current = { fromBottom: list.clientHeight, wasAtBottom: true };
  }, [listRef]);

  useEffect(() => {
    const list = listRef.current;
    const rows = rowsRef.current;
    // Browsers without ResizeObserver (and jsdom) keep the scroll made when rows are added.
    if (!list || !rows || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (anchor.current.wasAtBottom) toBottom();
    });
    observer.observe(list);
    observer.observe(rows);
    return () => observer.disconnect();
  }, [listRef, rowsRef, toBottom]);

  const addUnseen = useCallback((count: number) => setUnseen((seen) => seen + count), []);

  const jump = () => {
    const list = listRef.current;
    if (!list) return;
    list.scrollTo({ top: list.scrollHeight, behavior: "smooth" });
    setUnseen(0);
    // The button goes once the bottom is reached: the keyboard goes on from the newest message.
    const last = rowsRef.current?.lastElementChild;
    if (last instanceof HTMLElement) last.focus({ preventScroll: true });
  };

  return {
    anchor,
    measure,
    toBottom,
    addUnseen,
    jumpButton: isAway ? <JumpToLatest unseen={unseen} onClick={jump} /> : null,
  };
}

import { type RefObject, useCallback, useState } from "react";
import { NewMessagesPill } from "./new-messages-pill";

/**
 * issue #14: the state behind a chat log's "New messages" pill. The log calls `markUnseen` when a
 * message arrives while the reader is scrolled up and `markSeen` once they are back at the bottom;
 * `pill` is what to render over the log.
 */
export function useNewMessagesPill(listRef: RefObject<HTMLElement | null>) {
  const [hasUnseen, setHasUnseen] = useState(false);
  const toBottom = () => {
    const list = listRef.current;
    list?.scrollTo({ top: list.scrollHeight, behavior: "smooth" });
    setHasUnseen(false);
  };
  // Stable, so a log's layout effect may list them without running again.
  const markUnseen = useCallback(() => setHasUnseen(true), []);
  const markSeen = useCallback(() => setHasUnseen(false), []);
  return {
    markUnseen,
    markSeen,
    pill: hasUnseen ? <NewMessagesPill onClick={toBottom} /> : null,
  };
}

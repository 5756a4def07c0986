import { type ReactNode, useLayoutEffect, useRef } from "react";
import { LoadOlderRow } from "../../../ui/load-older-row";
import { useNewMessagesPill } from "../../../ui/use-new-messages-pill";

/** Older history above the first row, loaded by scrolling near the top (keyset). */
export interface MessageLogHistory {
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
  /** Shown at the top once everything is loaded ("This is the start of the group chat."). */
  startText: string;
  /** The empty log's two lines. */
  emptyTitle: string;
  emptyText: string;
}

export interface MessageLogProps {
  /** The screen-reader name of the log ("Group messages"). */
  label: string;
  testId?: string;
  /** Every row's key, oldest first: the log keeps its place by the first and the last. */
  rowKeys: readonly string[];
  /** The newest row is mine (sent from here): the log follows it even when scrolled up. */
  isLastOwn: boolean;
  /**
   * "reader": new rows are followed only from the bottom, else the "New messages" pill shows (issue #14).
   * "always": every new row (or `followKey` change) scrolls to the bottom.
   */
  follow?: "reader" | "always";
  /** With "always": more that moves the bottom (the partner started typing). */
  followKey?: unknown;
  history?: MessageLogHistory;
  className: string;
  listClassName: string;
  children: ReactNode;
}

// Closer than this to an edge counts as being at it.
const EDGE_PX = 120;

/** Where the reader is: the distance from the bottom of the content, and whether that is the end. */
function measure(list: HTMLElement): { fromBottom: number; wasAtBottom: boolean } {
  const fromBottom = list.scrollHeight - list.scrollTop;
  return { fromBottom, wasAtBottom: fromBottom - list.clientHeight < EDGE_PX };
}

/**
 * A chat's messages, newest at the bottom. Scrolling near the top loads the older page, and the same
 * messages stay in view while it appears above; new messages are followed as `follow` says. The rows
 * are the chat's own (`children`, `<li>`s).
 */
export function MessageLog({
  label,
  testId,
  rowKeys,
  isLastOwn,
  follow = "reader",
  followKey,
  history,
  className,
  listClassName,
  children,
}: MessageLogProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const { markUnseen, markSeen, pill } = useNewMessagesPill(listRef);
  const anchor = useRef({ firstKey: "", lastKey: "", fromBottom: 0, wasAtBottom: true });
  const firstKey = rowKeys[0] ?? "";
  const lastKey = rowKeys.at(-1) ?? "";

  // biome-ignore lint/correctness/useExhaustiveDependencies: followKey moves the bottom without a new row
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const previous = anchor.current;
    if (follow === "always") {
      list.scrollTop = list.scrollHeight;
    } else if (previous.firstKey && firstKey !== previous.firstKey && lastKey === previous.lastKey) {
      // Older messages came in above: keep the same messages in view.
      list.scrollTop = list.scrollHeight - previous.fromBottom;
    } else if (previous.wasAtBottom || isLastOwn) {
      list.scrollTop = list.scrollHeight;
    } else if (lastKey && lastKey !== previous.lastKey) {
      markUnseen();
    }
    previous.firstKey = firstKey;
    previous.lastKey = lastKey;
    Object.assign(previous, measure(list));
  }, [firstKey, lastKey, rowKeys.length, isLastOwn, follow, followKey, markUnseen]);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    Object.assign(anchor.current, measure(list));
    if (anchor.current.wasAtBottom) markSeen();
    if (history && list.scrollTop < EDGE_PX && history.hasOlder && !history.isLoadingOlder) {
      history.onLoadOlder();
    }
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={listRef}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={label}
        data-testid={testId}
        className={`min-h-0 flex-1 overflow-y-auto ${className}`}
      >
        <ol className={listClassName}>
          {history ? <HistoryRow history={history} isEmpty={rowKeys.length === 0} /> : null}
          {children}
        </ol>
      </div>
      {pill}
    </div>
  );
}

/** The top row: "Load older messages", or where the conversation starts, or the empty log. */
function HistoryRow({ history, isEmpty }: { history: MessageLogHistory; isEmpty: boolean }) {
  if (history.hasOlder)
    return <LoadOlderRow isLoading={history.isLoadingOlder} onLoad={history.onLoadOlder} />;
  if (!isEmpty) {
    return <li className="py-2 text-center text-xs text-zinc-500 dark:text-zinc-400">{history.startText}</li>;
  }
  return (
    <li className="flex flex-col items-center justify-center gap-1 py-16 text-center">
      <p className="font-semibold text-zinc-800 dark:text-zinc-200">{history.emptyTitle}</p>
      <p className="text-sm text-zinc-500 dark:text-zinc-400">{history.emptyText}</p>
    </li>
  );
}

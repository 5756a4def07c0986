import { type ReactNode, useLayoutEffect, useRef } from "react";
import { LoadOlderRow } from "../../../ui/load-older-row";
import { usePinnedToBottom } from "../hooks/use-pinned-to-bottom";
import { useRovingRows } from "../hooks/use-roving-rows";

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

/** Closer than this to the top loads the older page. */
const EDGE_PX = 120;

export interface MessageLogProps {
  /** The screen-reader name of the log ("Group messages"). */
  label: string;
  testId?: string;
  /** Every row's key, oldest first: the log keeps its place by the first and the last. */
  rowKeys: readonly string[];
  /** The newest row is mine (sent from here): the log follows it even when scrolled up. */
  isLastOwn: boolean;
  /**
   * "reader": new rows are followed only from the bottom, else "Jump to latest" counts them (issues #14, #38).
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

/**
 * A chat's messages, newest at the bottom. It opens on the newest and stays there while pictures load
 * (issue #38); scrolling near the top loads the older page, and the same messages stay in view while it
 * appears above; new messages are followed as `follow` says, and a reader scrolled up gets "Jump to
 * latest" with what came in meanwhile. The messages are one tab stop with arrow keys inside
 * (`useRovingRows`). The rows are the chat's own (`children`, `<li>`s).
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
  const rowsRef = useRef<HTMLOListElement>(null);
  useRovingRows(rowsRef);
  const pinned = usePinnedToBottom(listRef, rowsRef);
  const { anchor } = pinned;
  const seen = useRef({ firstKey: "", lastKey: "" });
  const firstKey = rowKeys[0] ?? "";
  const lastKey = rowKeys.at(-1) ?? "";

  // biome-ignore lint/correctness/useExhaustiveDependencies: followKey moves the bottom without a new row
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const previous = seen.current;
    if (follow === "always") {
      pinned.toBottom();
    } else if (previous.firstKey && firstKey !== previous.firstKey && lastKey === previous.lastKey) {
      // Older messages came in above: keep the same messages in view.
      list.scrollTop = list.scrollHeight - anchor.current.fromBottom;
    } else if (anchor.current.wasAtBottom || isLastOwn) {
      pinned.toBottom();
    } else if (lastKey && lastKey !== previous.lastKey) {
      const index = rowKeys.lastIndexOf(previous.lastKey);
      pinned.addUnseen(index < 0 ? 1 : rowKeys.length - 1 - index);
    }
    previous.firstKey = firstKey;
    previous.lastKey = lastKey;
    pinned.measure();
  }, [firstKey, lastKey, rowKeys.length, isLastOwn, follow, followKey]);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    pinned.measure();
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
        <ol ref={rowsRef} className={listClassName}>
          {history ? <HistoryRow history={history} isEmpty={rowKeys.length === 0} /> : null}
          {children}
        </ol>
      </div>
      {pinned.jumpButton}
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

import type { DirectMessage } from "@heartline/shared";
import { Info } from "lucide-react";
import { useLayoutEffect, useMemo, useRef } from "react";
import { type GroupableMessage, runPositions } from "../../../lib/message-grouping";
import { LoadOlderRow } from "../../../ui/load-older-row";
import { useNewMessagesPill } from "../../../ui/use-new-messages-pill";
import { withDaySeparators } from "../state/day-separators";
import type { ThreadEntry } from "../state/thread-entries";
import { DmMessageItem } from "./dm-message-item";

export interface DmMessageListProps {
  entries: readonly ThreadEntry[];
  myId: string;
  partnerId: string;
  partnerName: string;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
  onReply: (message: DirectMessage) => void;
  onRetry: (id: string) => void;
}

// Closer than this to an edge counts as being at it.
const EDGE_PX = 120;

/** A row as a run sees it: a message (mine while pending) or nothing (day separators, system lines). */
function groupableOf(entry: ThreadEntry, myId: string): GroupableMessage | undefined {
  if (entry.kind === "pending") {
    return { senderId: myId, timestamp: entry.timestamp, replyTo: entry.entry.replyTo };
  }
  if (entry.kind !== "message" || entry.message.type === "system") return undefined;
  return entry.message;
}

/**
 * The thread, newest at the bottom, with a separator per day. Scrolling near the top loads the older
 * page and keeps the same messages in view; new messages are followed only from the bottom (or mine).
 */
export function DmMessageList({
  entries,
  myId,
  partnerId,
  partnerName,
  hasOlder,
  isLoadingOlder,
  onLoadOlder,
  onReply,
  onRetry,
}: DmMessageListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const anchor = useRef({ firstKey: "", lastKey: "", fromBottom: 0, wasAtBottom: true });
  // issue #14: the partner wrote while the reader was scrolled up.
  const { markUnseen, markSeen, pill } = useNewMessagesPill(listRef);
  const items = useMemo(() => withDaySeparators(entries, (entry) => entry.key, Date.now()), [entries]);
  // issue #14: one sender's consecutive messages sit together as a run.
  const runs = useMemo(
    () =>
      runPositions(items.map((item) => (item.kind === "day" ? undefined : groupableOf(item.entry, myId)))),
    [items, myId],
  );

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const firstKey = entries[0]?.key ?? "";
    const last = entries.at(-1);
    const previous = anchor.current;
    if (previous.firstKey && firstKey !== previous.firstKey && last?.key === previous.lastKey) {
      list.scrollTop = list.scrollHeight - previous.fromBottom;
    } else if (previous.wasAtBottom || last?.kind === "pending") {
      list.scrollTop = list.scrollHeight;
    } else if (last && last.key !== previous.lastKey) {
      markUnseen();
    }
    previous.firstKey = firstKey;
    previous.lastKey = last?.key ?? "";
    previous.fromBottom = list.scrollHeight - list.scrollTop;
    previous.wasAtBottom = previous.fromBottom - list.clientHeight < EDGE_PX;
  }, [entries, markUnseen]);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    anchor.current.fromBottom = list.scrollHeight - list.scrollTop;
    anchor.current.wasAtBottom = anchor.current.fromBottom - list.clientHeight < EDGE_PX;
    if (anchor.current.wasAtBottom) markSeen();
    if (list.scrollTop < EDGE_PX && hasOlder && !isLoadingOlder) onLoadOlder();
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={listRef}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={`Messages with ${partnerName}`}
        data-testid="dm-thread"
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5"
      >
        <ol className="space-y-1.5">
          {hasOlder ? (
            <LoadOlderRow isLoading={isLoadingOlder} onLoad={onLoadOlder} />
          ) : entries.length > 0 ? (
            <li className="py-2 text-center text-xs text-zinc-500 dark:text-zinc-400">
              This is the start of your conversation with {partnerName}.
            </li>
          ) : (
            <li className="flex flex-col items-center justify-center gap-1 py-16 text-center">
              <p className="font-semibold text-zinc-800 dark:text-zinc-200">No messages yet</p>
              <p className="text-sm text-zinc-500 dark:text-zinc-400">Say hello to {partnerName}.</p>
            </li>
          )}
          {items.map((item, index) => {
            if (item.kind === "day") {
              return (
                <li
                  key={item.key}
                  data-testid="day-separator"
                  className="flex items-center gap-3 py-2"
                  aria-label={item.label}
                >
                  <span aria-hidden="true" className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
                  <span className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{item.label}</span>
                  <span aria-hidden="true" className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
                </li>
              );
            }
            const { entry } = item;
            if (entry.kind === "system") {
              return (
                <li key={entry.key} data-testid="dm-system-line" className="flex justify-center py-1">
                  <p className="inline-flex max-w-md items-start gap-1.5 rounded-xl bg-zinc-100 px-3 py-1.5 text-center text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                    <Info aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                    {entry.line.text}
                  </p>
                </li>
              );
            }
            const message = entry.kind === "message" ? entry.message : null;
            const pending = entry.kind === "pending" ? entry.entry : null;
            return (
              <DmMessageItem
                key={entry.key}
                message={message}
                pending={pending}
                isOwn={pending !== null || message?.senderId === myId}
                partnerId={partnerId}
                partnerName={partnerName}
                run={runs[index]}
                onReply={onReply}
                onRetry={onRetry}
              />
            );
          })}
        </ol>
      </div>
      {pill}
    </div>
  );
}

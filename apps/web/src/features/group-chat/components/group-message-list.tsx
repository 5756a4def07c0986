import type { Gender, GroupMessage } from "@heartline/shared";
import { useLayoutEffect, useRef } from "react";
import { isGroupedWithPrevious } from "../../../lib/message-grouping";
import { LoadOlderRow } from "../../../ui/load-older-row";
import { useNewMessagesPill } from "../../../ui/use-new-messages-pill";
import { GroupMessageItem, type RoomMessage } from "./group-message-item";

export interface GroupMessageListProps {
  messages: readonly RoomMessage[];
  ownId: string;
  genders: Readonly<Record<string, Gender | null>>;
  hasMore: boolean;
  isLoadingOlder: boolean;
  canDelete: boolean;
  onLoadOlder: () => void;
  onReply: (message: GroupMessage) => void;
  onReport: (message: GroupMessage) => void;
  onDelete: (message: GroupMessage) => void;
  onRetry: (id: string) => void;
  onOpenProfile?: (sender: { userId: string; username: string }) => void;
  /** Our current picture, shown on our own messages (issue #14). */
  ownProfileImage?: string | null;
  /** The people the viewer blocked: their messages and quotes are folded (issue #33). */
  blockedIds?: ReadonlySet<string>;
}

const NOBODY: ReadonlySet<string> = new Set();

// Closer than this to an edge counts as being at it.
const EDGE_PX = 120;

/** Where the reader is: the distance from the bottom of the content, and whether that is the end. */
function measure(list: HTMLElement): { fromBottom: number; wasAtBottom: boolean } {
  const fromBottom = list.scrollHeight - list.scrollTop;
  return { fromBottom, wasAtBottom: fromBottom - list.clientHeight < EDGE_PX };
}

/**
 * The room's messages, newest at the bottom (spec §2). Scrolling near the top loads the page before
 * the first message (keyset); the view stays where it was while older ones appear above, and follows
 * new messages only when the reader is already at the bottom. Not virtualised: the room keeps what
 * this visit loaded, a few hundred rows at most.
 */
export function GroupMessageList({
  messages,
  ownId,
  genders,
  hasMore,
  isLoadingOlder,
  canDelete,
  onLoadOlder,
  onReply,
  onReport,
  onDelete,
  onRetry,
  onOpenProfile,
  ownProfileImage,
  blockedIds = NOBODY,
}: GroupMessageListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  // issue #14: someone else wrote while the reader was scrolled up.
  const { markUnseen, markSeen, pill } = useNewMessagesPill(listRef);
  const anchor = useRef<{
    firstId: string | undefined;
    lastId: string | undefined;
    fromBottom: number;
    wasAtBottom: boolean;
  }>({
    firstId: undefined,
    lastId: undefined,
    fromBottom: 0,
    wasAtBottom: true,
  });

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const firstId = messages[0]?.id;
    const last = messages.at(-1);
    const previous = anchor.current;
    if (previous.firstId !== undefined && firstId !== previous.firstId && last?.id === previous.lastId) {
      // Older messages came in above: keep the same messages in view.
      list.scrollTop = list.scrollHeight - previous.fromBottom;
    } else if (previous.wasAtBottom || last?.senderId === ownId) {
      list.scrollTop = list.scrollHeight;
    } else if (last && last.id !== previous.lastId) {
      markUnseen();
    }
    previous.firstId = firstId;
    previous.lastId = last?.id;
    Object.assign(previous, measure(list));
  }, [messages, ownId, markUnseen]);

  const onScroll = () => {
    const list = listRef.current;
    if (list) Object.assign(anchor.current, measure(list));
    if (list && anchor.current.wasAtBottom) markSeen();
    if (list && list.scrollTop < EDGE_PX && hasMore && !isLoadingOlder) onLoadOlder();
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={listRef}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label="Group messages"
        className="min-h-0 flex-1 overflow-y-auto px-2 py-3 sm:px-4"
      >
        <ol className="space-y-0.5">
          {hasMore ? (
            <LoadOlderRow isLoading={isLoadingOlder} onLoad={onLoadOlder} />
          ) : messages.length > 0 ? (
            <li className="py-2 text-center text-xs text-zinc-500 dark:text-zinc-400">
              This is the start of the group chat.
            </li>
          ) : null}
          {messages.length === 0 ? (
            <li className="flex h-full flex-col items-center justify-center gap-1 py-16 text-center">
              <p className="font-semibold text-zinc-800 dark:text-zinc-200">No messages yet</p>
              <p className="text-sm text-zinc-500 dark:text-zinc-400">
                Say hello and get the conversation going.
              </p>
            </li>
          ) : null}
          {/* A blocked person's message, once shown, names its sender: it is never grouped under another. */}
          {messages.map((message, index) => (
            <GroupMessageItem
              key={message.id}
              isFromBlocked={blockedIds.has(message.senderId)}
              isQuoteFromBlocked={message.replyTo ? blockedIds.has(message.replyTo.senderId) : false}
              isGrouped={
                !blockedIds.has(message.senderId) && isGroupedWithPrevious(messages[index - 1], message)
              }
              onOpenProfile={onOpenProfile}
              ownProfileImage={ownProfileImage}
              message={message}
              isOwn={message.senderId === ownId}
              gender={genders[message.senderId]}
              canDelete={canDelete}
              onReply={onReply}
              onReport={onReport}
              onDelete={onDelete}
              onRetry={onRetry}
            />
          ))}
        </ol>
      </div>
      {pill}
    </div>
  );
}

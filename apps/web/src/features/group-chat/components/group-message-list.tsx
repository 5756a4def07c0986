import type { Gender, GroupMessage } from "@heartline/shared";
import { useMemo } from "react";
import { useT } from "../../../lib/i18n/use-t";
import { isGroupedWithPrevious } from "../../../lib/message-grouping";
import { MessageLog } from "../../chat-pipeline";
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

/**
 * The room's messages in the chats' log, newest at the bottom (spec §2): older pages load from the top
 * (keyset), new messages are followed only from the bottom (or mine). Not virtualised: the room keeps
 * what this visit loaded, a few hundred rows at most.
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
  const rowKeys = useMemo(() => messages.map((message) => message.id), [messages]);
  const t = useT();
  return (
    <MessageLog
      label={t("group.messages")}
      rowKeys={rowKeys}
      isLastOwn={messages.at(-1)?.senderId === ownId}
      history={{
        hasOlder: hasMore,
        isLoadingOlder,
        onLoadOlder,
        startText: t("group.start"),
        emptyTitle: t("group.empty.title"),
        emptyText: t("group.empty.text"),
      }}
      className="px-2 py-3 sm:px-4"
      listClassName="space-y-0.5"
    >
      {/* A blocked person's message, once shown, names its sender: it is never grouped under another. */}
      {messages.map((message, index) => (
        <GroupMessageItem
          key={message.id}
          isFromBlocked={blockedIds.has(message.senderId)}
          isQuoteFromBlocked={message.replyTo ? blockedIds.has(message.replyTo.senderId) : false}
          isGrouped={!blockedIds.has(message.senderId) && isGroupedWithPrevious(messages[index - 1], message)}
          onOpenProfile={onOpenProfile}
          ownProfileImage={ownProfileImage}
          message={message}
          isOwn={message.senderId === ownId}
          gender={genders[message.senderId] ?? message.senderGender}
          canDelete={canDelete}
          onReply={onReply}
          onReport={onReport}
          onDelete={onDelete}
          onRetry={onRetry}
        />
      ))}
    </MessageLog>
  );
}

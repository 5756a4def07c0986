import { type Gender, type GroupMessage, UPLOADED_IMAGE_URL_PATTERN } from "@heartline/shared";
import { AlertCircle, Clock, CornerUpLeft, Flag, RotateCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { chatTimeFormat } from "../../../lib/chat-time";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { ChatImage } from "../../../ui/chat-image";
import { GenderName } from "../../../ui/gender-name";
import { LinkedText } from "../../../ui/linked-text";
import { UserAvatar } from "../../../ui/user-avatar";
import { AskForReview } from "../../automod";
import { groupErrorText } from "../group-server-texts";
import type { OutboxMessage } from "../state/group-outbox";
import { BlockedNotice } from "./blocked-notice";
import { ReplyQuote } from "./reply-quote";

/** A stored message, or one of ours still waiting for its ack. */
export type RoomMessage =
  | (GroupMessage & { status: "sent"; error?: undefined })
  | (OutboxMessage & {
      seq?: undefined;
      senderId: string;
      senderUsername: string;
      senderProfileImage: string | null;
      senderGender?: Gender | null;
      timestamp: number;
    });

export interface GroupMessageItemProps {
  message: RoomMessage;
  isOwn: boolean;
  gender: Gender | null | undefined;
  /** Admins may delete any message for everyone (spec §6); everyone may delete their own (issue #38). */
  canDelete: boolean;
  onReply: (message: GroupMessage) => void;
  onReport: (message: GroupMessage) => void;
  onDelete: (message: GroupMessage) => void;
  onRetry: (id: string) => void;
  /** Opens the sender's profile card (issue #14); without it the name is plain text. */
  onOpenProfile?: (sender: { userId: string; username: string }) => void;
  /** Follows a message from the same sender: name and avatar are shown once, on the first. */
  isGrouped?: boolean;
  /** Our own current picture: a change shows at once, also on messages sent before it. */
  ownProfileImage?: string | null;
  /** Whether the viewer blocked this sender, or the sender of the quoted original (issue #33). */
  isFromBlocked?: boolean;
  isQuoteFromBlocked?: boolean;
}

const ACTION =
  "inline-flex size-8 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white";

/** The body: text, or an uploaded picture (only our own `/uploads/` addresses are ever shown). */
function MessageBody({ message }: { message: RoomMessage }) {
  const t = useT();
  if (
    (message.type === "image" || message.type === "gif") &&
    UPLOADED_IMAGE_URL_PATTERN.test(message.content)
  ) {
    return (
      <ChatImage
        src={message.content}
        alt={message.type === "gif" ? t("group.gif") : t("group.sharedImage")}
      />
    );
  }
  return (
    <LinkedText
      testId="message-text"
      text={message.content}
      className="text-zinc-900 dark:text-zinc-100"
      linkClassName="text-rose-700 dark:text-rose-300"
    />
  );
}

/**
 * One group message (spec §2): avatar and name in the sender's gender colour, reply quote, actions.
 * From someone the viewer blocked it is one folded row until the viewer asks to see it (issue #33).
 */
export function GroupMessageItem({
  message,
  isOwn,
  gender,
  canDelete,
  onReply,
  onReport,
  onDelete,
  onRetry,
  onOpenProfile,
  isGrouped = false,
  ownProfileImage,
  isFromBlocked = false,
  isQuoteFromBlocked = false,
}: GroupMessageItemProps) {
  const [isShown, setIsShown] = useState(false);
  const t = useT();
  const locale = useLocale();
  const blockedNotice = isFromBlocked ? (
    <BlockedNotice kind="message" isShown={isShown} onToggle={() => setIsShown(!isShown)} />
  ) : null;
  if (isFromBlocked && !isShown) {
    return (
      <li data-testid="group-message" data-blocked="true" className="mt-1 flex gap-3 rounded-xl px-2 py-1.5">
        <span aria-hidden="true" className="w-8 shrink-0" />
        {blockedNotice}
      </li>
    );
  }
  const stored = message.status === "sent" ? message : null;
  const profileImage = isOwn && ownProfileImage !== undefined ? ownProfileImage : message.senderProfileImage;
  const name = (
    <GenderName testId="message-sender" gender={gender} className="font-semibold">
      {message.senderUsername}
      {isOwn ? (
        <span className="ms-1 font-normal text-zinc-500 dark:text-zinc-400">{t("group.you")}</span>
      ) : null}
    </GenderName>
  );
  return (
    <li
      data-testid="group-message"
      data-status={message.status}
      data-grouped={isGrouped ? "true" : undefined}
      className={`group relative flex gap-3 rounded-xl px-2 hover:bg-white dark:hover:bg-zinc-900/60 ${isGrouped ? "py-0.5" : "mt-1 py-1.5"} ${message.status === "failed" ? "opacity-80" : ""}`}
    >
      {isGrouped ? (
        <span aria-hidden="true" className="w-8 shrink-0" />
      ) : (
        <UserAvatar username={message.senderUsername} profileImage={profileImage} gender={gender} size="sm" />
      )}
      <div className="min-w-0 flex-1">
        {blockedNotice}
        <p
          className={`flex flex-wrap items-baseline gap-x-2 text-sm ${isGrouped && message.status === "sent" ? "sr-only" : ""}`}
        >
          {onOpenProfile && !isGrouped && !(stored?.senderDeleted ?? false) ? (
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => onOpenProfile({ userId: message.senderId, username: message.senderUsername })}
              className="rounded hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500"
            >
              {name}
              <span className="sr-only">{t("group.viewProfile")}</span>
            </button>
          ) : (
            name
          )}
          <time
            className="text-xs text-zinc-500 dark:text-zinc-400"
            dateTime={new Date(message.timestamp).toISOString()}
          >
            {chatTimeFormat(locale).format(message.timestamp)}
          </time>
          {message.status === "pending" ? (
            <span className="inline-flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
              <Clock aria-hidden="true" className="size-3" /> {t("chat.message.sending")}
            </span>
          ) : null}
          {message.status === "failed" ? (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-rose-700 dark:text-rose-300">
              <AlertCircle aria-hidden="true" className="size-3" />{" "}
              {message.error ? groupErrorText({ message: message.error }) : t("chat.message.notSent")}
            </span>
          ) : null}
          {message.status === "failed" && message.isReviewable ? (
            <AskForReview messageId={message.id} className="text-rose-700 dark:text-rose-300" />
          ) : null}
        </p>
        {message.replyTo ? <ReplyQuote replyTo={message.replyTo} isFromBlocked={isQuoteFromBlocked} /> : null}
        <MessageBody message={message} />
      </div>
      <div className="flex shrink-0 items-start gap-0.5 sm:absolute sm:top-1 sm:end-2 sm:rounded-lg sm:border sm:border-zinc-200 sm:bg-white sm:opacity-0 sm:shadow-sm sm:group-focus-within:opacity-100 sm:group-hover:opacity-100 dark:sm:border-zinc-700 dark:sm:bg-zinc-900">
        {message.status === "failed" && !message.isReviewable ? (
          <button
            type="button"
            onClick={() => onRetry(message.id)}
            className={`${ACTION} w-auto gap-1 px-2 text-xs font-semibold text-rose-700 dark:text-rose-300`}
          >
            <RotateCw aria-hidden="true" className="size-3.5" /> {t("chat.message.retry")}
          </button>
        ) : null}
        {stored ? (
          <button
            type="button"
            aria-label={t("group.replyTo", { name: message.senderUsername })}
            onClick={() => onReply(stored)}
            className={ACTION}
          >
            <CornerUpLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </button>
        ) : null}
        {stored && !isOwn ? (
          <button
            type="button"
            aria-label={t("group.reportMessage", { name: message.senderUsername })}
            onClick={() => onReport(stored)}
            className={ACTION}
          >
            <Flag aria-hidden="true" className="size-4" />
          </button>
        ) : null}
        {stored && (canDelete || isOwn) ? (
          <button
            type="button"
            aria-label={
              isOwn ? t("group.deleteOwn") : t("group.deleteMessage", { name: message.senderUsername })
            }
            onClick={() => onDelete(stored)}
            className={ACTION}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
    </li>
  );
}

import {
  type DirectMessage,
  type DirectReplyPreview,
  DM_ERROR_MESSAGES,
  UPLOADED_IMAGE_URL_PATTERN,
} from "@heartline/shared";
import { AlertCircle, Clock, CornerUpLeft, RotateCw } from "lucide-react";
import { chatTimeFormat } from "../../../lib/chat-time";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { type RunPosition, runClasses } from "../../../lib/message-grouping";
import { ChatImage } from "../../../ui/chat-image";
import { AskForReview } from "../../automod";
import { dmErrorText } from "../dm-server-texts";
import type { OutboxEntry } from "../state/outbox";
import { MessageText } from "./message-text";
import { MessageTicks } from "./message-ticks";
import { SensitiveImage } from "./sensitive-image";

/** Issue #38: the receiver blocked me: no retry can ever work, so only the refusal's text shows. */
function isFinalRefusal(pending: OutboxEntry | null): boolean {
  return pending?.error === DM_ERROR_MESSAGES.blockedByReceiver;
}

export interface DmMessageItemProps {
  /** The stored message, or my unconfirmed send. */
  message: DirectMessage | null;
  pending: OutboxEntry | null;
  isOwn: boolean;
  partnerId: string;
  /** The name a quote shows for the partner ("You" for me). */
  partnerName: string;
  /** Where it sits in its sender's run (issue #14); alone when not given. */
  run?: RunPosition;
  onReply: (message: DirectMessage) => void;
  onRetry: (id: string) => void;
}

const ACTION =
  "inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white";

function Body({
  type,
  content,
  isOwn,
  sensitive,
}: {
  type: string;
  content: string;
  isOwn: boolean;
  sensitive: boolean;
}) {
  const t = useT();
  if ((type === "image" || type === "gif") && UPLOADED_IMAGE_URL_PATTERN.test(content)) {
    const alt = type === "gif" ? t("group.gif") : t("group.sharedImage");
    // issue #15: an image AutoMod judged explicit arrives blurred.
    if (sensitive) return <SensitiveImage src={content} alt={alt} isOwn={isOwn} />;
    // issue #14: a tap opens the picture full size (Escape closes, focus returns).
    return <ChatImage src={content} alt={alt} />;
  }
  return <MessageText text={content} isOwn={isOwn} />;
}

function Quote({ reply, isOwn, who }: { reply: DirectReplyPreview; isOwn: boolean; who: string }) {
  const t = useT();
  return (
    <blockquote
      data-testid="dm-reply-quote"
      className={`mb-1 rounded-lg border-s-4 px-2 py-1 text-xs ${isOwn ? "border-white/70 bg-white/15 text-white" : "border-rose-400 bg-zinc-100 text-zinc-700 dark:bg-zinc-700/60 dark:text-zinc-200"}`}
    >
      <span className="block font-semibold">{who}</span>
      <span className="line-clamp-2 break-words whitespace-pre-wrap">
        {reply.type === "image" ? t("dm.photo") : reply.type === "gif" ? t("group.gif") : reply.content}
      </span>
    </blockquote>
  );
}

/** One direct message: a bubble on my side or theirs, the quote it answers, time, ticks or send state. */
export function DmMessageItem({
  message,
  pending,
  isOwn,
  partnerId,
  partnerName,
  run = { joinsPrevious: false, joinsNext: false },
  onReply,
  onRetry,
}: DmMessageItemProps) {
  const source = message ?? pending;
  const t = useT();
  const locale = useLocale();
  if (!source) return null;
  const timestamp = message ? message.timestamp : (pending?.createdAt ?? 0);
  const state = message ? "sent" : pending?.status;
  const reply = source.replyTo;
  const who = reply?.senderId === partnerId ? partnerName : t("chat.you");
  const runClass = runClasses(run, isOwn);
  return (
    <li
      data-testid="dm-message"
      data-status={message ? message.status : pending?.status}
      data-grouped={run.joinsPrevious ? "true" : undefined}
      className={`group flex items-end gap-1 ${isOwn ? "flex-row-reverse" : ""} ${runClass.row}`}
    >
      <div className={`flex max-w-[85%] flex-col sm:max-w-[70%] ${isOwn ? "items-end" : "items-start"}`}>
        <div
          className={`rounded-2xl px-3 py-2 text-sm shadow-sm ${isOwn ? "rounded-ee-md bg-gradient-to-br from-rose-600 to-fuchsia-600 text-white" : "rounded-es-md border border-zinc-200 bg-white text-zinc-900 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100"} ${runClass.bubble} ${state === "failed" ? "opacity-70" : ""}`}
        >
          {reply ? <Quote reply={reply} isOwn={isOwn} who={who} /> : null}
          <Body
            type={source.type}
            content={source.content}
            isOwn={isOwn}
            sensitive={message?.sensitive === true}
          />
          <span
            className={`mt-0.5 flex items-center justify-end gap-1 text-[11px] ${isOwn ? "text-white/80" : "text-zinc-500 dark:text-zinc-400"}`}
          >
            <time dateTime={new Date(timestamp).toISOString()}>
              {chatTimeFormat(locale).format(timestamp)}
            </time>
            {isOwn && message ? <MessageTicks status={message.status} /> : null}
            {state === "pending" ? (
              <span role="img" aria-label={t("dm.sending")} className="inline-flex">
                <Clock aria-hidden="true" className="size-3" />
              </span>
            ) : null}
          </span>
        </div>
        {state === "failed" ? (
          <p
            role="alert"
            data-testid="dm-send-error"
            className="mt-1 flex items-center gap-1 text-xs font-medium text-rose-700 dark:text-rose-300"
          >
            <AlertCircle aria-hidden="true" className="size-3.5 shrink-0" />
            {pending?.error ? dmErrorText({ message: pending.error }) : t("chat.message.notSent")}
            {pending?.isReviewable ? (
              <AskForReview messageId={pending.id} />
            ) : isFinalRefusal(pending) ? null : (
              <button
                type="button"
                onClick={() => pending && onRetry(pending.id)}
                className="ms-1 inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 font-semibold underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500"
              >
                <RotateCw aria-hidden="true" className="size-3" /> {t("chat.message.retry")}
              </button>
            )}
          </p>
        ) : null}
      </div>
      {message && message.type !== "system" ? (
        <button
          type="button"
          aria-label={t("dm.reply")}
          title={t("dm.reply")}
          onClick={() => onReply(message)}
          className={`${ACTION} sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100`}
        >
          <CornerUpLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        </button>
      ) : null}
    </li>
  );
}

import type { ReplyPreview } from "@heartline/shared";
import { AlertCircle, Clock, CornerUpLeft, RotateCw } from "lucide-react";
import { chatTimeFormat } from "../../../lib/chat-time";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { type RunPosition, runClasses } from "../../../lib/message-grouping";
import type { RandomChatMessage, SystemMessageKind } from "../state/random-chat-types";

export interface MessageBubbleProps {
  message: RandomChatMessage;
  isOwn: boolean;
  partnerLabel: string;
  ownId: string;
  /** Where it sits in its sender's run (issue #14); alone when not given. */
  run?: RunPosition;
  onReply: (id: string) => void;
  onRetry: (id: string) => void;
}

type Translate = ReturnType<typeof useT>;

export function senderLabel(senderId: string, ownId: string, partnerLabel: string, t: Translate): string {
  return senderId === ownId ? t("chat.you") : partnerLabel;
}

const SYSTEM_TEXT: Record<Exclude<SystemMessageKind, "ai-connected">, MessageId> = {
  connected: "chat.system.connected",
  "partner-left": "chat.system.partnerLeft",
  "partner-disconnected": "chat.system.partnerDisconnected",
  "you-left": "chat.system.youLeft",
};

/** A system line in the language of the moment (the English text for one without a kind). */
export function systemText(message: RandomChatMessage, t: Translate): string {
  const kind = message.systemKind;
  if (!kind) return message.content;
  if (kind !== "ai-connected") return t(SYSTEM_TEXT[kind]);
  return message.systemName
    ? t("chat.system.aiConnected", { name: message.systemName })
    : t("chat.system.aiConnectedUnnamed");
}

/** The quoted original inside a reply (and above the composer). Text only: it can never run script. */
export function ReplyQuote({
  reply,
  label,
  tone,
}: {
  reply: ReplyPreview;
  label: string;
  tone: "own" | "other";
}) {
  const colours =
    tone === "own"
      ? "border-white/70 bg-white/15 text-white"
      : "border-rose-400 bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300";
  return (
    <blockquote
      data-testid="reply-quote"
      className={`mb-1.5 rounded-lg border-s-4 px-2 py-1 text-xs ${colours}`}
    >
      <span className="block font-semibold">{label}</span>
      <span className="line-clamp-2 break-words whitespace-pre-wrap">{reply.content}</span>
    </blockquote>
  );
}

/** One message: own on the right, partner on the left, system centred (spec §3 random chat message). */
export function MessageBubble({
  message,
  isOwn,
  partnerLabel,
  ownId,
  run = { joinsPrevious: false, joinsNext: false },
  onReply,
  onRetry,
}: MessageBubbleProps) {
  const t = useT();
  const locale = useLocale();
  if (message.isSystem) {
    return (
      <li
        data-testid="system-message"
        className="my-2 text-center text-xs font-medium text-zinc-600 dark:text-zinc-400"
      >
        <span className="inline-block rounded-full bg-zinc-100 px-3 py-1 dark:bg-zinc-800">
          {systemText(message, t)}
        </span>
      </li>
    );
  }
  const who = isOwn ? t("chat.you") : partnerLabel;
  const runClass = runClasses(run, isOwn);
  const bubble = isOwn
    ? "bg-gradient-to-br from-rose-600 to-fuchsia-600 text-white rounded-ee-md"
    : "bg-white text-zinc-900 border border-zinc-200 rounded-es-md dark:bg-zinc-900 dark:text-zinc-100 dark:border-zinc-800";
  return (
    <li
      data-testid="chat-message"
      data-own={isOwn ? "true" : "false"}
      data-grouped={run.joinsPrevious ? "true" : undefined}
      className={`group flex items-end gap-1 ${isOwn ? "flex-row-reverse" : "flex-row"} ${runClass.row}`}
    >
      <div
        className={`max-w-[80%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%] ${bubble} ${runClass.bubble} ${message.status === "failed" ? "opacity-70" : ""}`}
      >
        <span className="sr-only">{who}: </span>
        {message.replyTo ? (
          <ReplyQuote
            reply={message.replyTo}
            label={senderLabel(message.replyTo.senderId, ownId, partnerLabel, t)}
            tone={isOwn ? "own" : "other"}
          />
        ) : null}
        <p data-testid="message-text" className="break-words whitespace-pre-wrap">
          {message.content}
        </p>
        <p
          className={`mt-1 flex items-center gap-1 text-[11px] ${isOwn ? "justify-end text-white/80" : "text-zinc-500 dark:text-zinc-400"}`}
        >
          <time dateTime={new Date(message.timestamp).toISOString()}>
            {chatTimeFormat(locale).format(message.timestamp)}
          </time>
          {message.status === "pending" ? (
            <>
              <Clock aria-hidden="true" className="size-3" />
              <span>{t("chat.message.sending")}</span>
            </>
          ) : null}
          {message.status === "failed" ? (
            <>
              <AlertCircle aria-hidden="true" className="size-3" />
              <span>{t("chat.message.notSent")}</span>
            </>
          ) : null}
        </p>
      </div>
      <div className="flex flex-col gap-1">
        {message.status === "failed" ? (
          <button
            type="button"
            onClick={() => onRetry(message.id)}
            className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-semibold text-rose-700 hover:bg-rose-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-rose-300 dark:hover:bg-rose-950/50"
          >
            <RotateCw aria-hidden="true" className="size-3.5" />
            {t("chat.message.retry")}
          </button>
        ) : null}
        {message.status === "sent" ? (
          <button
            type="button"
            aria-label={t(isOwn ? "chat.message.replyToOwn" : "chat.message.replyTo", {
              name: partnerLabel,
              excerpt: message.content.slice(0, 40),
            })}
            onClick={() => onReply(message.id)}
            className="inline-flex size-8 items-center justify-center rounded-lg text-zinc-500 opacity-100 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 sm:opacity-0 sm:group-hover:opacity-100 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white"
          >
            <CornerUpLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </button>
        ) : null}
      </div>
    </li>
  );
}

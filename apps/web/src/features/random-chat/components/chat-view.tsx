import { UserRound } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { runPositions } from "../../../lib/message-grouping";
import { Button } from "../../../ui/button";
import { MessageLog } from "../../chat-pipeline";
import type { RandomChatActions } from "../state/random-chat-actions";
import { useRandomChatStore } from "../state/random-chat-store";
import { ChatComposer } from "./chat-composer";
import { ChatHeader, partnerLabelOf } from "./chat-header";
import { MessageBubble } from "./message-bubble";
import { ReportLastPartner } from "./report-last-partner";
import { ReportPartnerDialog } from "./report-partner-dialog";

/**
 * "You both like hiking", "… hiking and chess", "… hiking, chess and films": the list joined as the
 * language joins one (English keeps its own form, no Oxford comma).
 */
export function sharedInterestsText(
  interests: readonly string[],
  t: ReturnType<typeof useT>,
  locale: string,
): string {
  const last = interests.at(-1) ?? "";
  const rest = interests.slice(0, -1);
  const list =
    locale === "en"
      ? rest.length > 0
        ? `${rest.join(", ")} and ${last}`
        : last
      : new Intl.ListFormat(locale, { type: "conjunction" }).format(interests);
  return t("chat.sharedInterests", { list });
}

/** Issue 14: a reload or tab close mid-chat asks first (the browser shows its own text). */
function useBeforeUnloadWhile(isActive: boolean): void {
  useEffect(() => {
    if (!isActive) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium and Safari need returnValue set as well.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [isActive]);
}

export interface ChatViewProps {
  actions: RandomChatActions;
}

/** connected / ended (spec §4): the conversation, its composer, and what to do once it is over. */
export function ChatView({ actions }: ChatViewProps) {
  const t = useT();
  const locale = useLocale();
  const phase = useRandomChatStore((state) => state.phase);
  const partner = useRandomChatStore((state) => state.partner);
  const messages = useRandomChatStore((state) => state.messages);
  const userId = useRandomChatStore((state) => state.userId);
  const isPartnerTyping = useRandomChatStore((state) => state.isPartnerTyping);
  const personAvailable = useRandomChatStore((state) => state.personAvailable);
  const sharedInterests = useRandomChatStore((state) => state.sharedInterests);
  const roomId = useRandomChatStore((state) => state.roomId);
  const dispatch = useRandomChatStore((state) => state.dispatch);
  const reset = useRandomChatStore((state) => state.reset);
  const [isReporting, setIsReporting] = useState(false);
  const isConnected = phase === "connected";
  const label = partnerLabelOf(partner, t);
  // issue #14: one sender's consecutive messages sit together as a run; system lines break it.
  const runs = useMemo(
    () => runPositions(messages.map((message) => (message.isSystem ? undefined : message))),
    [messages],
  );
  const rowKeys = useMemo(() => messages.map((message) => message.id), [messages]);
  useBeforeUnloadWhile(isConnected);

  return (
    <section
      aria-label={t("chat.title")}
      className="mx-auto flex h-dvh w-full max-w-3xl flex-col md:h-[calc(100dvh-4.5rem)] md:py-4"
    >
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden bg-zinc-50 md:rounded-2xl md:border md:border-zinc-200 dark:bg-zinc-950 md:dark:border-zinc-800">
        <ChatHeader
          partner={partner}
          isConnected={isConnected}
          onNext={actions.next}
          onEnd={actions.end}
          onReport={() => setIsReporting(true)}
        />
        {isConnected && personAvailable ? (
          <div
            role="status"
            className="flex flex-wrap items-center gap-3 border-b border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100"
          >
            <UserRound aria-hidden="true" className="size-4" />
            <span className="flex-1">{t("chat.personAvailable")}</span>
            <Button size="sm" onClick={actions.switchToPerson}>
              {t("chat.switchToPerson")}
            </Button>
          </div>
        ) : null}
        {sharedInterests.length > 0 ? (
          <p
            data-testid="shared-interests"
            className="border-b border-zinc-200 bg-rose-50 px-4 py-2 text-sm text-rose-900 dark:border-zinc-800 dark:bg-rose-950/40 dark:text-rose-100"
          >
            {sharedInterestsText(sharedInterests, t, locale)}
          </p>
        ) : null}
        <MessageLog
          label={t("chat.messages")}
          rowKeys={rowKeys}
          isLastOwn={messages.at(-1)?.senderId === userId}
          follow="always"
          followKey={isPartnerTyping}
          className="px-3 py-4"
          listClassName="space-y-2"
        >
          {messages.map((message, index) => (
            <MessageBubble
              key={message.id}
              message={message}
              run={runs[index]}
              isOwn={!message.isSystem && message.senderId === userId}
              partnerLabel={label}
              ownId={userId}
              onReply={(id) => dispatch({ type: "SELECT_REPLY", messageId: id })}
              onRetry={actions.retry}
            />
          ))}
        </MessageLog>
        <div className="px-4 pb-1 text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {isConnected && isPartnerTyping ? (
            <span data-testid="typing-indicator">{t("chat.typing", { name: label })}</span>
          ) : null}
        </div>
        {isConnected ? (
          <ChatComposer
            key={roomId ?? ""}
            partnerLabel={label}
            onSend={actions.send}
            onTyping={actions.setTyping}
            onCancelReply={() => dispatch({ type: "SELECT_REPLY", messageId: null })}
          />
        ) : (
          <div className="flex flex-col gap-2 border-t border-zinc-200 bg-white p-4 sm:flex-row sm:justify-center dark:border-zinc-800 dark:bg-zinc-900">
            <Button onClick={actions.next}>{t("chat.ended.findNew")}</Button>
            <Button variant="secondary" onClick={reset}>
              {t("chat.ended.changePreferences")}
            </Button>
            <ReportLastPartner onReport={actions.report} />
          </div>
        )}
      </div>
      <ReportPartnerDialog
        open={isReporting}
        onOpenChange={setIsReporting}
        onReport={actions.report}
        onReported={() => {
          actions.end();
          dispatch({ type: "REPORTED" });
        }}
      />
    </section>
  );
}

import type { ConversationSummary } from "@heartline/shared";
import { MessageCircle } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { useT } from "../../../lib/i18n/use-t";
import { buttonClasses } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { useSetConversationHidden } from "../api/use-conversation-actions";
import { useConversations } from "../api/use-conversations";
import { dmErrorText } from "../dm-server-texts";
import { type ConversationTab, filterConversations, loadedConversations } from "../state/conversation-list";
import { useDmClientStore } from "../state/dm-client-store";
import { ConversationRow } from "./conversation-row";
import { LoadMoreConversations } from "./load-more-conversations";

/** Issue #38: an empty Chats tab says when its only chats are hidden, instead of "No conversations yet". */
function emptyTitle(tab: ConversationTab, hiddenCount: number, t: ReturnType<typeof useT>): string {
  if (tab === "hidden") return t("dm.list.noHidden");
  if (hiddenCount === 0) return t("dm.list.none");
  return t("dm.list.allHidden", { count: hiddenCount });
}

const EMPTY_TEXT: Record<"hidden" | "someHidden" | "none", MessageId> = {
  hidden: "dm.list.hiddenText",
  someHidden: "dm.list.someHiddenText",
  none: "dm.list.noneText",
};

export interface ConversationListPanelProps {
  myId: string;
  activePartnerId: string | null;
}

const TAB =
  "flex-1 rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500";

/**
 * spec §4 Conversations: newest first, with a Hidden tab; hide and unhide roll back if the server says
 * no. Read a page of 50 at a time (ADR 0010): the next as the end of the list scrolls into view.
 */
export function ConversationListPanel({ myId, activePartnerId }: ConversationListPanelProps) {
  const [tab, setTab] = useState<ConversationTab>("all");
  const t = useT();
  const conversations = useConversations();
  const setHidden = useSetConversationHidden();
  const highlighted = useDmClientStore((state) => state.highlighted);
  const all: readonly ConversationSummary[] = loadedConversations(conversations.data);
  const rows = filterConversations(all, tab);
  const hiddenCount = all.filter((conversation) => conversation.hidden).length;

  return (
    <section aria-labelledby="conversations-heading" className="flex min-h-0 flex-1 flex-col">
      <div className="space-y-3 border-b border-zinc-200 px-4 pt-4 pb-3 dark:border-zinc-800">
        <h1
          id="conversations-heading"
          className="text-xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100"
        >
          {t("group.section.messages")}
        </h1>
        <div className="flex gap-1 rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800/70">
          {(["all", "hidden"] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={tab === value}
              onClick={() => setTab(value)}
              className={`${TAB} ${tab === value ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-zinc-100" : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"}`}
            >
              {value === "all"
                ? t("dm.list.chats")
                : hiddenCount > 0
                  ? t("dm.list.hiddenCount", { count: hiddenCount })
                  : t("dm.list.hidden")}
            </button>
          ))}
        </div>
      </div>
      {conversations.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t("dm.list.loading")} />
        </div>
      ) : !conversations.data ? (
        <p role="alert" className="px-4 py-6 text-sm text-rose-700 dark:text-rose-300">
          {conversations.error ? dmErrorText(conversations.error) : null}
        </p>
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto p-2">
          {rows.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
              <MessageCircle aria-hidden="true" className="size-8 text-zinc-400" />
              <p className="font-semibold text-zinc-800 dark:text-zinc-200">
                {emptyTitle(tab, hiddenCount, t)}
              </p>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {t(EMPTY_TEXT[tab === "hidden" ? "hidden" : hiddenCount > 0 ? "someHidden" : "none"])}
              </p>
              {tab === "all" && hiddenCount > 0 ? (
                <button
                  type="button"
                  onClick={() => setTab("hidden")}
                  className={`${buttonClasses("secondary", "sm")} mt-2`}
                >
                  {t("dm.list.showHidden")}
                </button>
              ) : null}
              {tab === "all" ? (
                <Link to="/group-chat/friends" className={`${buttonClasses("secondary", "sm")} mt-2`}>
                  {t("dm.list.goToFriends")}
                </Link>
              ) : null}
            </div>
          ) : (
            <ul
              aria-label={tab === "hidden" ? t("dm.list.hiddenLabel") : t("dm.list.label")}
              className="space-y-0.5"
            >
              {rows.map((conversation) => (
                <ConversationRow
                  key={conversation.conversationId}
                  conversation={conversation}
                  myId={myId}
                  isActive={conversation.partner.id === activePartnerId}
                  isHighlighted={Boolean(highlighted[conversation.partner.id])}
                  onHide={(partnerId, hidden) => setHidden.mutate({ partnerId, hidden })}
                />
              ))}
            </ul>
          )}
          {conversations.hasNextPage ? (
            <LoadMoreConversations
              onLoadMore={() => void conversations.fetchNextPage()}
              isLoading={conversations.isFetchingNextPage}
              hasFailed={conversations.isFetchNextPageError}
            />
          ) : null}
        </div>
      )}
    </section>
  );
}

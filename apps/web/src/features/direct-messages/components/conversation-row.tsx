import type { ConversationSummary } from "@heartline/shared";
import { Eye, EyeOff } from "lucide-react";
import { Link } from "react-router";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { relativeTime } from "../../../lib/relative-time";
import { ActionMenu } from "../../../ui/action-menu";
import { CountBadge } from "../../../ui/count-badge";
import { GenderName } from "../../../ui/gender-name";
import { PRESENCE_LABEL_IDS, PresenceDot } from "../../../ui/presence-dot";
import { UserAvatar } from "../../../ui/user-avatar";
import { StreakIndicator, useFriendStreak } from "../../streaks";
import { usePartnerPresence } from "../hooks/use-partner-presence";
import { previewText } from "../state/conversation-list";

export const DELETED_USER_NAME = "Deleted User";

export interface ConversationRowProps {
  conversation: ConversationSummary;
  myId: string;
  isActive: boolean;
  /** A new message unhid it (spec §4). */
  isHighlighted: boolean;
  onHide: (partnerId: string, hidden: boolean) => void;
}

/** One conversation in the list: who, the last message, when, how many unread, and its menu. */
export function ConversationRow({
  conversation,
  myId,
  isActive,
  isHighlighted,
  onHide,
}: ConversationRowProps) {
  const { partner, lastMessage, unreadCount } = conversation;
  const t = useT();
  const locale = useLocale();
  const name = partner.isDeleted ? t("dm.deletedUser") : partner.username;
  const isMine = lastMessage?.senderId === myId;
  const hasUnread = unreadCount > 0 && !conversation.hidden;
  const tone = isActive
    ? "bg-rose-50 dark:bg-rose-950/40"
    : isHighlighted
      ? "bg-amber-50 ring-1 ring-amber-300 ring-inset dark:bg-amber-500/10 dark:ring-amber-500/40"
      : "hover:bg-zinc-100 dark:hover:bg-zinc-800/60";
  return (
    <li
      data-testid="conversation-row"
      data-partner-id={partner.id}
      data-highlighted={isHighlighted || undefined}
      className={`group relative flex items-center rounded-xl ${tone}`}
    >
      <Link
        to={`/group-chat/dm/${encodeURIComponent(partner.id)}`}
        aria-current={isActive ? "page" : undefined}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl py-2.5 pe-1 ps-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500"
      >
        <span className="relative shrink-0">
          <UserAvatar
            username={partner.isDeleted ? "?" : partner.username}
            profileImage={partner.isDeleted ? null : partner.profileImage}
            gender={partner.isDeleted ? null : partner.gender}
            size="md"
          />
          {partner.isDeleted ? null : <RowPresence partnerId={partner.id} />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <GenderName
              gender={partner.isDeleted ? null : partner.gender}
              className={`min-w-0 flex-1 truncate ${hasUnread ? "font-bold" : "font-semibold"}`}
            >
              {name}
            </GenderName>
            <RowStreak partnerId={partner.id} />
            {lastMessage ? (
              <time
                dateTime={new Date(lastMessage.timestamp).toISOString()}
                className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400"
              >
                {relativeTime(lastMessage.timestamp, Date.now(), locale)}
              </time>
            ) : null}
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span
              data-testid="conversation-preview"
              className={`min-w-0 flex-1 truncate text-sm ${hasUnread ? "font-medium text-zinc-900 dark:text-zinc-100" : "text-zinc-600 dark:text-zinc-400"}`}
            >
              {isMine ? t("dm.row.you") : ""}
              {previewText(lastMessage, t)}
            </span>
            {isHighlighted ? (
              <span className="shrink-0 rounded-full bg-amber-200 px-1.5 text-[11px] font-semibold text-amber-900 dark:bg-amber-500/30 dark:text-amber-100">
                {t("dm.row.new")}
              </span>
            ) : null}
            {hasUnread ? <CountBadge count={unreadCount} label={t("dm.row.unread")} /> : null}
          </span>
        </span>
      </Link>
      <div className="shrink-0 pe-1.5">
        <ActionMenu
          label={t("dm.row.options", { name })}
          items={[
            conversation.hidden
              ? { label: t("dm.row.unhide"), icon: Eye, onSelect: () => onHide(partner.id, false) }
              : { label: t("dm.row.hide"), icon: EyeOff, onSelect: () => onHide(partner.id, true) },
          ]}
        />
      </div>
    </li>
  );
}

/** Issue #38: the partner's presence dot, live from the pushes (and its words for screen readers). */
function RowPresence({ partnerId }: { partnerId: string }) {
  const status = usePartnerPresence(partnerId);
  const t = useT();
  if (!status) return null;
  return (
    <>
      <PresenceDot status={status} />
      <span data-testid="conversation-presence" data-status={status} className="sr-only">
        {t(PRESENCE_LABEL_IDS[status])}
      </span>
    </>
  );
}

/** spec §4 Streaks: flame + count + status; nothing for a partner without a streak (non-friends). */
function RowStreak({ partnerId }: { partnerId: string }) {
  const found = useFriendStreak(partnerId);
  return found ? <StreakIndicator streak={found.streak} /> : null;
}

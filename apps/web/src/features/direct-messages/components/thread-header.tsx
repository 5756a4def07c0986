import type { ConversationDetail, PresenceStatus } from "@heartline/shared";
import { ArrowLeft, Ban, Eye, EyeOff, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { ActionMenu, type ActionMenuItem } from "../../../ui/action-menu";
import { GenderName } from "../../../ui/gender-name";
import { PRESENCE_LABEL, PresenceDot } from "../../../ui/presence-dot";
import { UserAvatar } from "../../../ui/user-avatar";
import { AddFriendButton } from "../../friends";
import { StreakBadge, StreakIndicator, useFriendStreak } from "../../streaks";

export interface ThreadHeaderProps {
  detail: ConversationDetail;
  status: PresenceStatus | null;
  isHidden: boolean;
  onBlock: (blocked: boolean) => void;
  onHide: (hidden: boolean) => void;
}

/** The thread's header: back (phones), who, their status, and the conversation's actions. */
export function ThreadHeader({ detail, status, isHidden, onBlock, onHide }: ThreadHeaderProps) {
  const { partner } = detail;
  const items: ActionMenuItem[] = [];
  if (!partner.isDeleted) {
    items.push(
      detail.blockedByMe
        ? { label: "Unblock", icon: ShieldCheck, onSelect: () => onBlock(false) }
        : { label: "Block", icon: Ban, onSelect: () => onBlock(true), isDanger: true },
    );
  }
  if (detail.conversation) {
    items.push(
      isHidden
        ? { label: "Unhide conversation", icon: Eye, onSelect: () => onHide(false) }
        : { label: "Hide conversation", icon: EyeOff, onSelect: () => onHide(true) },
    );
  }
  const statusText = status ? PRESENCE_LABEL[status] : partner.isDeleted ? "Account deleted" : "";
  return (
    <header className="flex items-center gap-2 border-b border-zinc-200 bg-white px-2 py-2 sm:px-4 dark:border-zinc-800 dark:bg-zinc-900">
      <Link
        to="/group-chat/dm"
        aria-label="Back to conversations"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl text-zinc-600 hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 md:hidden dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
      </Link>
      <span className="relative shrink-0">
        <UserAvatar
          username={partner.username}
          profileImage={partner.profileImage}
          gender={partner.gender}
          size="sm"
        />
        {status ? <PresenceDot status={status} /> : null}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <h2 className="min-w-0 truncate text-sm font-semibold sm:text-base">
            <GenderName gender={partner.gender} testId="thread-partner-name">
              {partner.username}
            </GenderName>
          </h2>
          {detail.isFriend ? <HeaderStreak partnerId={partner.id} /> : null}
        </div>
        <p data-testid="thread-partner-status" className="truncate text-xs text-zinc-500 dark:text-zinc-400">
          {statusText}
        </p>
      </div>
      {!detail.isFriend && !partner.isDeleted && !detail.blockedByMe ? (
        <AddFriendButton
          userId={partner.id}
          username={partner.username}
          variant="button"
          className="hidden sm:inline-flex"
        />
      ) : null}
      {!detail.isFriend && !partner.isDeleted && !detail.blockedByMe ? (
        <AddFriendButton userId={partner.id} username={partner.username} className="sm:hidden" />
      ) : null}
      {items.length > 0 ? (
        <ActionMenu label={`Conversation options for ${partner.username}`} items={items} />
      ) : null}
    </header>
  );
}

/** spec §4 Streaks in the thread header: flame, count and status in words, and the badge earned. */
function HeaderStreak({ partnerId }: { partnerId: string }) {
  const found = useFriendStreak(partnerId);
  if (!found) return null;
  return (
    <span data-testid="thread-streak" className="flex shrink-0 items-center gap-1.5">
      <StreakIndicator streak={found.streak} variant="labelled" />
      <StreakBadge streakCount={found.streak.count} size={24} />
    </span>
  );
}

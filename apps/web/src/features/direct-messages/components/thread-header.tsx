import type { ConversationDetail, PresenceStatus } from "@heartline/shared";
import { ArrowLeft, Ban, Bell, BellOff, Eye, EyeOff, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { useT } from "../../../lib/i18n/use-t";
import { ActionMenu, type ActionMenuItem } from "../../../ui/action-menu";
import { GenderName } from "../../../ui/gender-name";
import { PRESENCE_LABEL_IDS, PresenceDot } from "../../../ui/presence-dot";
import { UserAvatar } from "../../../ui/user-avatar";
import { FriendshipAction } from "../../friends";
import { useConversationMute } from "../../notifications";
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
  const mute = useConversationMute(partner.id, !partner.isDeleted);
  const t = useT();
  const items: ActionMenuItem[] = [];
  // Issue #40: the menu says the conversation's current state (it follows other tabs' pushes).
  if (!partner.isDeleted && mute.muted !== null) {
    items.push(
      mute.muted
        ? { label: t("dm.header.unmute"), icon: Bell, onSelect: () => mute.setMuted(false) }
        : { label: t("dm.header.mute"), icon: BellOff, onSelect: () => mute.setMuted(true) },
    );
  }
  if (!partner.isDeleted) {
    items.push(
      detail.blockedByMe
        ? { label: t("profileCard.unblock"), icon: ShieldCheck, onSelect: () => onBlock(false) }
        : { label: t("profileCard.block"), icon: Ban, onSelect: () => onBlock(true), isDanger: true },
    );
  }
  if (detail.conversation) {
    items.push(
      isHidden
        ? { label: t("dm.header.unhide"), icon: Eye, onSelect: () => onHide(false) }
        : { label: t("dm.header.hide"), icon: EyeOff, onSelect: () => onHide(true) },
    );
  }
  const statusText = status
    ? t(PRESENCE_LABEL_IDS[status])
    : partner.isDeleted
      ? t("dm.header.accountDeleted")
      : "";
  return (
    <header className="flex items-center gap-2 border-b border-zinc-200 bg-white px-2 py-2 sm:px-4 dark:border-zinc-800 dark:bg-zinc-900">
      <Link
        to="/group-chat/dm"
        aria-label={t("dm.header.back")}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl text-zinc-600 hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 md:hidden dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        <ArrowLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
      </Link>
      {/* Issue #38: the actions come before the name in the tab order (shown last, at the right): from the
          heading the focus goes on to the messages and the box, two Tabs away on phones. */}
      <div className="order-last flex shrink-0 items-center gap-2">
        {!partner.isDeleted && !detail.blockedByMe ? (
          // Wrapped: the wrappers' display classes never fight the buttons' own `inline-flex`.
          <>
            <span className="hidden shrink-0 sm:inline-flex">
              <FriendshipAction userId={partner.id} username={partner.username} variant="button" />
            </span>
            <span className="inline-flex shrink-0 sm:hidden">
              <FriendshipAction userId={partner.id} username={partner.username} />
            </span>
          </>
        ) : null}
        {items.length > 0 ? (
          <ActionMenu label={t("dm.header.options", { name: partner.username })} items={items} />
        ) : null}
      </div>
      <span className="relative shrink-0">
        <UserAvatar
          username={partner.isDeleted ? "?" : partner.username}
          profileImage={partner.isDeleted ? null : partner.profileImage}
          gender={partner.isDeleted ? null : partner.gender}
          size="sm"
        />
        {status ? <PresenceDot status={status} /> : null}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <h2 data-route-heading className="min-w-0 truncate text-sm font-semibold sm:text-base">
            <GenderName gender={partner.gender} testId="thread-partner-name">
              {partner.username}
            </GenderName>
          </h2>
          {mute.muted ? (
            <BellOff
              role="img"
              aria-label={t("dm.header.muted")}
              data-testid="thread-muted"
              className="size-4 shrink-0 text-zinc-400 dark:text-zinc-500"
            />
          ) : null}
          {detail.isFriend ? <HeaderStreak partnerId={partner.id} /> : null}
        </div>
        <p data-testid="thread-partner-status" className="truncate text-xs text-zinc-500 dark:text-zinc-400">
          {statusText}
        </p>
      </div>
    </header>
  );
}

const NOT_STARTED = { count: 0, status: "broken", notStarted: true } as const;

/** spec §4 Streaks in the thread header: flame, count and status in words, and the badge earned. */
function HeaderStreak({ partnerId }: { partnerId: string }) {
  const found = useFriendStreak(partnerId);
  // Issue #38: friends without a streak day yet (or a message yet) see "Start a streak".
  const streak = found?.streak ?? NOT_STARTED;
  return (
    <span data-testid="thread-streak" className="flex shrink-0 items-center gap-1.5">
      <StreakIndicator streak={streak} variant="labelled" />
      <StreakBadge streakCount={streak.count} size={24} />
    </span>
  );
}

import type { FriendView } from "@heartline/shared";
import { MessageCircle, UserMinus } from "lucide-react";
import { Link } from "react-router";
import { translate } from "../../../lib/i18n/i18n";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { relativeTime } from "../../../lib/relative-time";
import { buttonClasses } from "../../../ui/button";
import { GenderName } from "../../../ui/gender-name";
import { PRESENCE_LABEL_IDS, PresenceDot } from "../../../ui/presence-dot";
import { UserAvatar } from "../../../ui/user-avatar";
import { StreakBadge, StreakIndicator, useFriendStreak } from "../../streaks";

export interface FriendRowProps {
  friend: FriendView;
  onRemove: (friend: FriendView) => void;
}

/** Where a friend is now: online, away, or when they were last seen. */
export function presenceText(
  friend: Pick<FriendView, "status" | "lastActive">,
  now = Date.now(),
  locale = "en",
): string {
  if (friend.status !== "offline") return translate(PRESENCE_LABEL_IDS[friend.status]);
  return friend.lastActive
    ? translate("friends.lastActive", { when: relativeTime(friend.lastActive, now, locale) })
    : translate("presence.offline");
}

/**
 * One friend (spec §3 Friend profile): avatar with presence, name in gender colour, our streak and its
 * badge, Message and Remove.
 */
export function FriendRow({ friend, onRemove }: FriendRowProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <li
      data-testid="friend-row"
      className="flex items-center gap-3 rounded-xl px-3 py-2.5 hover:bg-zinc-50 dark:hover:bg-zinc-800/50"
    >
      <span className="relative shrink-0">
        <UserAvatar
          username={friend.username}
          profileImage={friend.profileImage}
          gender={friend.gender}
          size="md"
        />
        <PresenceDot status={friend.status} />
      </span>
      <span className="min-w-0 flex-1">
        {/* Wraps: on a phone the streak goes under a long name instead of cutting it short. */}
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
          <GenderName gender={friend.gender} className="max-w-full truncate font-semibold">
            {friend.username}
          </GenderName>
          <FriendStreak friendId={friend.id} />
        </span>
        <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
          {presenceText(friend, Date.now(), locale)}
        </span>
      </span>
      <Link
        to={`/group-chat/dm/${encodeURIComponent(friend.id)}`}
        aria-label={t("dm.composer.label", { name: friend.username })}
        className={buttonClasses("secondary", "sm")}
      >
        <MessageCircle aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">{t("profileCard.message")}</span>
      </Link>
      <button
        type="button"
        aria-label={t("friends.removeNamed", { name: friend.username })}
        title={t("friends.remove")}
        onClick={() => onRemove(friend)}
        className="inline-flex size-9 items-center justify-center rounded-xl text-zinc-500 hover:bg-zinc-100 hover:text-rose-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-rose-300"
      >
        <UserMinus aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/** Our streak with this friend (spec §4), nothing before the first counted day. */
function FriendStreak({ friendId }: { friendId: string }) {
  const found = useFriendStreak(friendId);
  if (!found) return null;
  return (
    <span className="inline-flex items-center gap-1.5">
      <StreakIndicator streak={found.streak} />
      <StreakBadge streakCount={found.streak.count} size={22} />
    </span>
  );
}

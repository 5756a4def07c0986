import {
  compareGroupPeople,
  GROUP_PEOPLE_WINDOW_MAX,
  type GroupOnlineUser,
  type GroupPeopleCounts,
  groupPeopleTotal,
} from "@heartline/shared";
import { Flag } from "lucide-react";
import type { ReactNode } from "react";
import { formatBareCount } from "../../../lib/format-bare-count";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { GenderName } from "../../../ui/gender-name";
import { UserAvatar } from "../../../ui/user-avatar";
import { AddFriendButton } from "../../friends";
import { StreakBadge } from "../../streaks";

export interface OnlineUsersPanelProps {
  /** The part of the list shown (the server keeps only that part current). */
  users: readonly GroupOnlineUser[];
  /** The whole room's counts: the heading shows everyone, not only the part shown. */
  counts?: GroupPeopleCounts;
  /** Asks for a longer part of the list ("Show more" while the room has more than is shown). */
  onShowMore?: () => void;
  isLoadingMore?: boolean;
  ownId: string;
  mutedIds: ReadonlySet<string>;
  onReport: (user: GroupOnlineUser) => void;
  /** Registered viewers get "Add friend" on registered people they are not friends with nor asked yet. */
  canAddFriends?: boolean;
  /** Friends and people with a pending request either way. */
  connectedIds?: ReadonlySet<string>;
  /** Opens a person's profile card (issue #14). */
  onOpenProfile?: (user: GroupOnlineUser) => void;
}

const PERSON = "flex min-w-0 flex-1 items-center gap-2.5 rounded-lg text-start";

/** The avatar, name and status: a button that opens the profile card when the room offers one. */
function PersonOpener({ onOpen, children }: { onOpen: (() => void) | undefined; children: ReactNode }) {
  if (!onOpen) return <span className={PERSON}>{children}</span>;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={onOpen}
      className={`${PERSON} focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500`}
    >
      {children}
    </button>
  );
}

/** spec §2 The online user list: gender colours, online/away; a user can be reported from here. */
export function OnlineUsersPanel({
  users,
  counts,
  onShowMore,
  isLoadingMore = false,
  ownId,
  mutedIds,
  onReport,
  canAddFriends = false,
  connectedIds = new Set(),
  onOpenProfile,
}: OnlineUsersPanelProps) {
  const t = useT();
  const locale = useLocale();
  const sorted = [...users].sort(compareGroupPeople);
  const total = counts ? groupPeopleTotal(counts) : users.length;
  const canShowMore =
    onShowMore !== undefined && total > users.length && users.length < GROUP_PEOPLE_WINDOW_MAX;
  return (
    <section aria-labelledby="online-users-heading" className="flex min-h-0 flex-col">
      <h2
        id="online-users-heading"
        className="px-4 pt-4 pb-2 text-sm font-semibold text-zinc-900 dark:text-zinc-100"
      >
        {t("group.people.online")}{" "}
        <span className="font-normal text-zinc-500 dark:text-zinc-400">
          ({formatBareCount(total, locale)})
        </span>
      </h2>
      {sorted.length === 0 ? (
        <p className="px-4 py-2 text-sm text-zinc-500 dark:text-zinc-400">{t("group.people.nobody")}</p>
      ) : null}
      <ul data-testid="online-users" className="min-h-0 flex-1 space-y-0.5 overflow-y-auto px-2 pb-4">
        {sorted.map((user) => {
          const isAway = user.status === "away";
          return (
            <li
              key={user.userId}
              className="group flex items-center gap-2.5 rounded-lg px-2 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800/70"
            >
              <PersonOpener onOpen={onOpenProfile ? () => onOpenProfile(user) : undefined}>
                <span className="relative">
                  <UserAvatar
                    username={user.username}
                    profileImage={user.profileImage}
                    gender={user.gender}
                    size="sm"
                  />
                  <span
                    aria-hidden="true"
                    className={`absolute -end-0.5 -bottom-0.5 size-3 rounded-full border-2 border-white dark:border-zinc-900 ${isAway ? "bg-amber-400" : "bg-emerald-500"}`}
                  />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex min-w-0 items-center gap-1.5">
                    <GenderName gender={user.gender} className="min-w-0 truncate text-sm font-medium">
                      {user.username}
                      {user.userId === ownId ? (
                        <span className="ms-1 font-normal text-zinc-500 dark:text-zinc-400">
                          {t("group.you")}
                        </span>
                      ) : null}
                    </GenderName>
                    {/* issue #12: the highest streak badge this person ever reached. */}
                    {user.badge ? (
                      <StreakBadge streakCount={user.badge.days} size={20} isFocusable={!onOpenProfile} />
                    ) : null}
                  </span>
                  <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                    {isAway ? t("group.people.away") : t("group.people.onlineStatus")}
                    {user.isGuest ? ` · ${t("group.people.guest")}` : ""}
                    {mutedIds.has(user.userId) ? ` · ${t("group.people.muted")}` : ""}
                  </span>
                </span>
              </PersonOpener>
              {canAddFriends && user.userId !== ownId && !user.isGuest && !connectedIds.has(user.userId) ? (
                <AddFriendButton
                  userId={user.userId}
                  username={user.username}
                  className="opacity-100 focus-visible:opacity-100 sm:opacity-0 sm:group-hover:opacity-100"
                />
              ) : null}
              {user.userId === ownId ? null : (
                <button
                  type="button"
                  aria-label={t("group.people.report", { name: user.username })}
                  onClick={() => onReport(user)}
                  className="inline-flex size-8 items-center justify-center rounded-lg text-zinc-500 opacity-100 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 sm:opacity-0 sm:group-hover:opacity-100 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-white"
                >
                  <Flag aria-hidden="true" className="size-4" />
                </button>
              )}
            </li>
          );
        })}
        {canShowMore ? (
          <li className="px-2 pt-2">
            <button
              type="button"
              onClick={onShowMore}
              disabled={isLoadingMore}
              className="w-full rounded-lg px-2 py-1.5 text-sm font-medium text-rose-600 hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 disabled:opacity-60 dark:text-rose-400 dark:hover:bg-zinc-800/70"
            >
              {t("group.people.showMore", { count: formatBareCount(total - users.length, locale) })}
            </button>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

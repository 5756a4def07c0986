import { Clock, UserCheck, Users } from "lucide-react";
import { useT } from "../../../lib/i18n/use-t";
import { useFriendRequestAction } from "../api/use-friend-request-actions";
import { useFriendship } from "../hooks/use-friendship";
import { AddFriendButton, type AddFriendButtonProps } from "./add-friend-button";

export interface FriendshipActionProps extends AddFriendButtonProps {
  /** Show "Friends" for a friend (the DM header already shows the streak; a profile shows this). */
  showFriends?: boolean;
}

const CHIP =
  "inline-flex h-9 items-center gap-1.5 rounded-xl bg-zinc-100 px-3 text-sm font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200";
const CHIP_ICON =
  "inline-flex size-8 items-center justify-center rounded-lg text-zinc-600 dark:text-zinc-300";

/**
 * Issue #38: "Add friend" while we are not connected, "Request sent" while mine waits, "Accept" when
 * theirs does, and "Friends" after; each follows the pushes (useFriendship), never a reload.
 */
export function FriendshipAction({
  showFriends = false,
  variant = "icon",
  className = "",
  ...person
}: FriendshipActionProps) {
  const friendship = useFriendship(person.userId);
  const answer = useFriendRequestAction();
  const isIcon = variant === "icon";
  const t = useT();
  switch (friendship.state) {
    case "unknown":
      return null;
    case "none":
      return <AddFriendButton {...person} variant={variant} className={className} />;
    case "outgoing":
      return (
        <span
          data-testid="friendship-state"
          data-state="outgoing"
          title={t("friends.state.sentLong")}
          className={`${isIcon ? CHIP_ICON : CHIP} ${className}`}
        >
          <Clock aria-hidden="true" className="size-4" />
          {isIcon ? <span className="sr-only">{t("friends.state.sentLong")}</span> : t("friends.state.sent")}
        </span>
      );
    case "incoming":
      return (
        <button
          type="button"
          data-testid="friendship-state"
          data-state="incoming"
          disabled={answer.isPending}
          aria-label={isIcon ? t("friends.state.acceptNamed", { name: person.username }) : undefined}
          onClick={() =>
            answer.mutate({ action: "accept", id: friendship.request.id, userId: person.userId })
          }
          className={`inline-flex h-9 items-center gap-1.5 rounded-xl bg-emerald-700 px-3 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 disabled:opacity-60 ${className}`}
        >
          <UserCheck aria-hidden="true" className="size-4" />
          {isIcon ? null : t("friends.state.accept")}
        </button>
      );
    case "friends":
      return showFriends ? (
        <span data-testid="friendship-state" data-state="friends" className={`${CHIP} ${className}`}>
          <Users aria-hidden="true" className="size-4" />
          {t("group.section.friends")}
        </span>
      ) : (
        <span data-testid="friendship-state" data-state="friends" className="sr-only">
          {t("group.section.friends")}
        </span>
      );
  }
}

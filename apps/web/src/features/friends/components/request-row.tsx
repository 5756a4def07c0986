import type { FriendRequestView } from "@heartline/shared";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { relativeTime } from "../../../lib/relative-time";
import { Button } from "../../../ui/button";
import { GenderName } from "../../../ui/gender-name";
import { UserAvatar } from "../../../ui/user-avatar";
import type { FriendRequestAction } from "../api/use-friend-request-actions";

export interface RequestRowProps {
  request: FriendRequestView;
  isBusy: boolean;
  onAction: (request: FriendRequestView, action: FriendRequestAction) => void;
}

/** A pending request: Accept / Decline when it is for me, Cancel when I sent it. */
export function RequestRow({ request, isBusy, onAction }: RequestRowProps) {
  const { user } = request;
  const isIncoming = request.direction === "incoming";
  const t = useT();
  const locale = useLocale();
  return (
    <li
      data-testid={isIncoming ? "incoming-request" : "outgoing-request"}
      className="flex flex-wrap items-center gap-3 rounded-xl px-3 py-2.5 hover:bg-zinc-50 dark:hover:bg-zinc-800/50"
    >
      <UserAvatar username={user.username} profileImage={user.profileImage} gender={user.gender} size="md" />
      <span className="min-w-0 flex-1">
        <GenderName gender={user.gender} className="block truncate font-semibold">
          {user.username}
        </GenderName>
        <span className="block text-xs text-zinc-500 dark:text-zinc-400">
          {isIncoming ? t("friends.request.wants") : t("friends.state.sent")} ·{" "}
          {relativeTime(request.createdAt, Date.now(), locale)}
        </span>
      </span>
      <span className="flex gap-2">
        {isIncoming ? (
          <>
            <Button
              size="sm"
              disabled={isBusy}
              aria-label={t("friends.request.acceptFrom", { name: user.username })}
              onClick={() => onAction(request, "accept")}
            >
              {t("friends.request.accept")}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={isBusy}
              aria-label={t("friends.request.declineFrom", { name: user.username })}
              onClick={() => onAction(request, "decline")}
            >
              {t("friends.request.decline")}
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            disabled={isBusy}
            aria-label={t("friends.request.cancelTo", { name: user.username })}
            onClick={() => onAction(request, "cancel")}
          >
            {t("chat.cancel")}
          </Button>
        )}
      </span>
    </li>
  );
}

import type { FriendRequestView } from "@heartline/shared";
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
          {isIncoming ? "Wants to be your friend" : "Request sent"} · {relativeTime(request.createdAt)}
        </span>
      </span>
      <span className="flex gap-2">
        {isIncoming ? (
          <>
            <Button
              size="sm"
              disabled={isBusy}
              aria-label={`Accept friend request from ${user.username}`}
              onClick={() => onAction(request, "accept")}
            >
              Accept
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={isBusy}
              aria-label={`Decline friend request from ${user.username}`}
              onClick={() => onAction(request, "decline")}
            >
              Decline
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            disabled={isBusy}
            aria-label={`Cancel friend request to ${user.username}`}
            onClick={() => onAction(request, "cancel")}
          >
            Cancel
          </Button>
        )}
      </span>
    </li>
  );
}

import type { FriendList } from "@heartline/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import toast from "react-hot-toast";
import { friendsKeys } from "../../../lib/friends-query";
import { translate } from "../../../lib/i18n/i18n";
import { listenToServerEvents } from "../../../lib/listen-to-server-events";
import type { AppSocket } from "../../../lib/socket";
import { applyFriendsEvent } from "../state/apply-friends-event";

/**
 * Keeps the friends caches live from the server's pushes (ARCHITECTURE §5: `friend_request`,
 * `friend_request_updated` to `user:{id}`) and toasts an incoming request. Mounted once by the
 * group chat layout for registered users.
 */
export function useFriendsEvents(socket: AppSocket | null, isEnabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket || !isEnabled) return;
    const stop = listenToServerEvents(socket, {
      friend_request: (request) => {
        applyFriendsEvent(queryClient, { type: "friend_request", request });
        if (request.direction === "incoming") {
          toast(translate("friends.toast.incoming", { name: request.user.username }), {
            id: `friend-request-${request.id}`,
          });
        }
      },
      friend_request_updated: (update) =>
        applyFriendsEvent(queryClient, { type: "friend_request_updated", update }),
      "user:status": ({ userId, status }) =>
        applyFriendsEvent(queryClient, { type: "user_status", userId, status, now: Date.now() }),
      user_deleted: ({ userId }) => {
        const wasFriend = queryClient
          .getQueryData<FriendList>(friendsKeys.list())
          ?.friends.some((friend) => friend.id === userId);
        applyFriendsEvent(queryClient, { type: "user_deleted", userId });
        // The row goes from the page: say why (spec §4: the person is now a 'Deleted User').
        if (wasFriend) toast(translate("friends.toast.deleted"), { id: `user-deleted-${userId}` });
      },
    });
    // After a reconnect whatever was pushed meanwhile is fetched again.
    const onReconnect = () => void queryClient.invalidateQueries({ queryKey: friendsKeys.all });
    socket.io.on("reconnect", onReconnect);
    return () => {
      stop();
      socket.io.off("reconnect", onReconnect);
    };
  }, [socket, isEnabled, queryClient]);
}

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { listenToServerEvents } from "../../../lib/listen-to-server-events";
import type { AppSocket } from "../../../lib/socket";
import { confessionKeys } from "../api/confession-keys";
import { applyConfessionEvent } from "../state/apply-confession-event";

/**
 * While the wall is open: this socket is in the wall's room (joined again after every reconnect, when
 * whatever was pushed meanwhile is fetched again), counts, removals and comments apply to the caches,
 * and new confessions are collected for the "N new confessions" banner rather than shown at once.
 * Returns the ids announced so far and the function that forgets those the reader has been shown.
 */
export function useConfessionWallEvents(socket: AppSocket | null) {
  const queryClient = useQueryClient();
  const [announced, setAnnounced] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    if (!socket) return;
    const join = () => socket.emit("join_confession_wall");
    // Pushes missed while disconnected are fetched again ("connect" joins the room again).
    const refetch = () => void queryClient.invalidateQueries({ queryKey: confessionKeys.all });
    const stop = listenToServerEvents(socket, {
      confession_created: ({ id }) => setAnnounced((ids) => new Set(ids).add(id)),
      confession_removed: ({ id }) => {
        setAnnounced((ids) => {
          if (!ids.has(id)) return ids;
          const rest = new Set(ids);
          rest.delete(id);
          return rest;
        });
        applyConfessionEvent(queryClient, { type: "removed", id });
      },
      confession_counts: (counts) => applyConfessionEvent(queryClient, { type: "counts", counts }),
      confession_comment_created: ({ comment }) =>
        applyConfessionEvent(queryClient, { type: "comment_created", comment }),
      confession_comment_removed: ({ confessionId, commentId }) =>
        applyConfessionEvent(queryClient, { type: "comment_removed", confessionId, commentId }),
    });
    if (socket.connected) join();
    // Every connection joins: the first of a tab opened on the wall, and each after a reconnect.
    socket.on("connect", join);
    socket.io.on("reconnect", refetch);
    return () => {
      stop();
      socket.io.off("reconnect", refetch);
      socket.off("connect", join);
      if (socket.connected) socket.emit("leave_confession_wall");
    };
  }, [socket, queryClient]);

  const forgetAnnounced = (shown: ReadonlySet<string>) =>
    setAnnounced((ids) => new Set([...ids].filter((id) => !shown.has(id))));
  return { announced, forgetAnnounced };
}

import type { StreakList, StreakUpdatedPayload } from "@heartline/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { friendsQuery } from "../../../lib/friends-query";
import { listenToServerEvents } from "../../../lib/listen-to-server-events";
import { applyPushedChange } from "../../../lib/refetch-after-change";
import type { AppSocket } from "../../../lib/socket";
import { streakKeys } from "../api/streak-keys";
import { useStreaks } from "../api/use-streaks";
import { toastStreakUpdate } from "../components/streak-toasts";
import { applyStreakUpdate, removeStreak } from "../state/apply-streak-update";
import { useStreakClock } from "../state/streak-clock";
import { nextStatusChangeAt } from "../state/streak-status";

/** setTimeout holds at most 2^31-1 ms; a far change is re-armed after an hour instead. */
const MAX_WAIT_MS = 3_600_000;
/** A clock older than this is moved to now before the next timer is armed. */
const CLOCK_SLACK_MS = 1_000;

/** The friend's name for a toast, from the friends list (loaded on demand; the push has only the id). */
async function friendName(queryClient: QueryClient, friendId: string): Promise<string> {
  const list = await queryClient.ensureQueryData(friendsQuery()).catch(() => null);
  return list?.friends.find((friend) => friend.id === friendId)?.username ?? "your friend";
}

/**
 * Keeps my streaks current for the whole group chat area (registered, verified users only): loads
 * GET /api/streaks once, applies `streak_updated` pushes and toasts them, drops a removed friend's
 * streak, and moves the streak clock on at the next midnight that changes a status (no request).
 */
export function useStreakEvents(socket: AppSocket | null, isEnabled: boolean): void {
  const queryClient = useQueryClient();
  const { data } = useStreaks(isEnabled);

  useEffect(() => {
    if (!socket || !isEnabled) return;
    const onUpdate = (update: StreakUpdatedPayload) => {
      applyPushedChange<StreakList>(queryClient, streakKeys.list(), (list) =>
        list ? applyStreakUpdate(list, update, Date.now()) : list,
      );
      useStreakClock.getState().tick(Date.now());
      if (update.rose || update.newBadge) {
        void friendName(queryClient, update.friendId).then((name) => toastStreakUpdate(update, name));
      }
    };
    const stop = listenToServerEvents(socket, {
      streak_updated: onUpdate,
      friend_request_updated: ({ status, userId }) => {
        if (status !== "removed") return;
        queryClient.setQueryData<StreakList>(streakKeys.list(), (list) =>
          list ? removeStreak(list, userId) : list,
        );
      },
    });
    // After a reconnect whatever was pushed meanwhile is fetched again.
    const onReconnect = () => void queryClient.invalidateQueries({ queryKey: streakKeys.all });
    socket.io.on("reconnect", onReconnect);
    return () => {
      stop();
      socket.io.off("reconnect", onReconnect);
    };
  }, [socket, isEnabled, queryClient]);

  // One timer for every streak: at the next change the clock moves on, which re-arms this effect.
  const clockNow = useStreakClock((state) => state.now);
  useEffect(() => {
    if (!data) return;
    const now = Date.now();
    if (now - clockNow >= CLOCK_SLACK_MS) {
      // New data, or a tab that slept through its timer: show the statuses of now first.
      useStreakClock.getState().tick(now);
      return;
    }
    // The next change after the instant on screen (not after now: one due already fires at once).
    const changes = data.streaks
      .map((streak) => nextStatusChangeAt(streak, clockNow, data.timeZone))
      .filter((at): at is number => at !== null);
    if (changes.length === 0) return;
    const nextChange = Math.min(...changes);
    const wait = Math.min(Math.max(0, nextChange - now), MAX_WAIT_MS);
    // A timer may fire a few milliseconds before Date.now() reaches its instant (the event loop reads
    // its clock once per turn): the clock still moves on to the change it was armed for, so every timer
    // moves it forward and re-arms this effect.
    const at = nextChange - now > MAX_WAIT_MS ? now + MAX_WAIT_MS : nextChange;
    const timer = setTimeout(() => useStreakClock.getState().tick(Math.max(Date.now(), at)), wait);
    return () => clearTimeout(timer);
  }, [data, clockNow]);
}

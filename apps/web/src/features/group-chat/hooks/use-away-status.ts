import { useEffect } from "react";
import type { AppSocket } from "../../../lib/socket";

/** spec §4 Presence: how long without input before this user shows as away (not fixed by the spec). */
export const AWAY_AFTER_MS = 5 * 60_000;
const CHECK_EVERY_MS = 30_000;
const ACTIVITY_EVENTS = ["pointerdown", "keydown", "mousemove", "touchstart", "focus"] as const;

/**
 * spec §4 Presence, §7: after a spell without input the user turns away (`status:update` and
 * `update_online_status`), and back online at the next input or when the tab is shown again.
 */
export function useAwayStatus(socket: AppSocket | null, username: string): void {
  useEffect(() => {
    if (!socket) return;
    let lastActive = Date.now();
    let isAway = false;
    const report = (away: boolean) => {
      isAway = away;
      if (!socket.connected) return;
      socket.emit("status:update", away ? "away" : "online");
      socket.emit("update_online_status", { username, isOnline: true, isAway: away, lastActive });
    };
    const onActivity = () => {
      lastActive = Date.now();
      if (isAway) report(false);
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") onActivity();
    };
    const timer = setInterval(() => {
      if (!isAway && Date.now() - lastActive >= AWAY_AFTER_MS) report(true);
    }, CHECK_EVERY_MS);
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [socket, username]);
}

import { bannedByMessage, unbannedByMessage } from "@heartline/shared";

export type BanEvent =
  | { type: "user_banned"; payload: { username: string; userId: string; bannedBy: string } }
  | { type: "user_unbanned"; payload: { username: string; userId: string; unbannedBy: string } };

/** What a ban event may do in the page; the watcher passes the real toasts and the ban store. */
export interface BanEffects {
  /** The signed-in user's id (null when signed out: ban events then concern someone else). */
  userId: string | null;
  username: string | null;
  /** Whether the current page is the home page (spec §4: the rejoin link is offered there). */
  isOnHomePage: () => boolean;
  recordBan: (userId: string, bannedBy: string) => void;
  clearBan: (userId: string) => void;
  showError: (message: string) => void;
  /**
   * The unban's one toast (issue #38: it replaces the ban's, and a repeat of the event replaces it
   * again); on the home page it carries spec §4's 10 s link back to the group chat.
   */
  showUnbanned: (message: string, withRejoinLink: boolean) => void;
}

function isAboutMe(payload: { userId: string; username: string }, effects: BanEffects): boolean {
  if (effects.userId && payload.userId === effects.userId) return true;
  // Bans match usernames case-insensitively (spec §5).
  return !!effects.username && payload.username.toLowerCase() === effects.username.toLowerCase();
}

/**
 * spec §4 Bans, §8: the one place `user_banned` / `user_unbanned` change what this tab shows. A ban of
 * the current user marks them banned (the group chat then sends them home); an unban clears it, names
 * the unbanner and, on the home page, offers the way back. Events about other people change nothing here.
 */
export function applyBanEvent(event: BanEvent, effects: BanEffects): void {
  if (!effects.userId || !isAboutMe(event.payload, effects)) return;
  if (event.type === "user_banned") {
    effects.recordBan(effects.userId, event.payload.bannedBy);
    effects.showError(bannedByMessage(event.payload.bannedBy));
    return;
  }
  effects.clearBan(effects.userId);
  effects.showUnbanned(unbannedByMessage(event.payload.unbannedBy), effects.isOnHomePage());
}

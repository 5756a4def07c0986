import {
  BANNED_TOAST_DURATION_MS,
  EMERGENCY_UNBAN_TOAST_DURATION_MS,
  GROUP_CHAT_MESSAGES,
  UNBAN_TOAST_LINK_MS,
  UNBANNED_TOAST_DURATION_MS,
} from "@heartline/shared";
import toast from "react-hot-toast";
import type { AppSocket } from "../../../lib/socket";
import { applyBanEvent, type BanEvent } from "../state/apply-ban-event";
import { isEmergencyUnbanShortcut } from "../state/ban-rules";
import { useBanStore } from "../state/ban-store";
import { useGroupIdentityStore } from "../state/group-identity-store";

const CHECK_TIMEOUT_MS = 10_000;

/**
 * One toast for the ban state (issue #38): a ban, the gate's refusal and the unban share its id, so
 * each replaces the one before instead of stacking.
 */
export const BAN_STATUS_TOAST_ID = "group-chat-banned";

/** The unban's success, and on the home page spec §4's 10 s link back to the group chat, in one toast. */
function showUnbanned(message: string, withRejoinLink: boolean): void {
  if (!withRejoinLink) {
    toast.success(message, { duration: UNBANNED_TOAST_DURATION_MS, id: BAN_STATUS_TOAST_ID });
    return;
  }
  toast.success(
    (shown) => (
      <span className="flex flex-col items-start gap-2">
        <span>{message}</span>
        <a
          href="/group-chat"
          onClick={() => toast.dismiss(shown.id)}
          className="shrink-0 rounded-lg bg-rose-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-rose-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500"
        >
          Join the group chat
        </a>
      </span>
    ),
    { duration: UNBAN_TOAST_LINK_MS, id: BAN_STATUS_TOAST_ID },
  );
}

/**
 * spec §4 Bans: Ctrl+Shift+U applies the local override and asks the server to force the unban if it
 * still reports a ban. The server honours that only for admins (ARCHITECTURE §9.4), so for anyone else
 * this changes nothing but what this browser remembers.
 */
export function applyEmergencyUnban(socket: AppSocket): void {
  const { userId, username } = useGroupIdentityStore.getState();
  if (!userId || !username) return;
  useBanStore.getState().applyOverride(userId);
  toast.success(GROUP_CHAT_MESSAGES.emergencyUnban, { duration: EMERGENCY_UNBAN_TOAST_DURATION_MS });
  socket.timeout(CHECK_TIMEOUT_MS).emit("check_if_banned", { username, userId }, (error, answer) => {
    if (error || !answer?.ok || !answer.data.banned) return;
    socket.emit("force_unban_user", { username, userId });
  });
}

/**
 * Binds the ban events and the emergency shortcut to the tab. Returns the function that removes them.
 * Started once by the group chat and kept for the life of the tab (see `ensureBanWatch`).
 */
export function bindBanWatch(socket: AppSocket): () => void {
  const apply = (event: BanEvent) => {
    const { userId, username } = useGroupIdentityStore.getState();
    const bans = useBanStore.getState();
    applyBanEvent(event, {
      userId,
      username,
      isOnHomePage: () => window.location.pathname === "/",
      recordBan: bans.recordBan,
      clearBan: bans.clearBan,
      showError: (message) =>
        toast.error(message, { duration: BANNED_TOAST_DURATION_MS, id: BAN_STATUS_TOAST_ID }),
      showUnbanned,
    });
  };
  const onBanned = (payload: { username: string; userId: string; bannedBy: string }) =>
    apply({ type: "user_banned", payload });
  const onUnbanned = (payload: { username: string; userId: string; unbannedBy: string }) =>
    apply({ type: "user_unbanned", payload });
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isEmergencyUnbanShortcut(event)) return;
    event.preventDefault();
    applyEmergencyUnban(socket);
  };
  socket.on("user_banned", onBanned);
  socket.on("user_unbanned", onUnbanned);
  window.addEventListener("keydown", onKeyDown);
  return () => {
    socket.off("user_banned", onBanned);
    socket.off("user_unbanned", onUnbanned);
    window.removeEventListener("keydown", onKeyDown);
  };
}

const watched = new WeakMap<AppSocket, () => void>();

/**
 * spec §4 Bans: an unban must reach the user on the home page too, after the group chat sent them
 * there, so the watch is not tied to a mounted page: once per socket, for the life of the tab.
 */
export function ensureBanWatch(socket: AppSocket): void {
  if (!watched.has(socket)) watched.set(socket, bindBanWatch(socket));
}

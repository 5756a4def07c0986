import { BANNED_TOAST_DURATION_MS, GROUP_CHAT_MESSAGES } from "@heartline/shared";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { useLocation, useNavigate } from "react-router";
import { type AppSocket, connectSocket } from "../../../lib/socket";
import { decideEntry, hasUnbannedParam, isBannedByAnswer } from "../state/ban-rules";
import { useBanStore } from "../state/ban-store";
import { useGroupIdentityStore } from "../state/group-identity-store";
import { BAN_STATUS_TOAST_ID, ensureBanWatch } from "./ban-watch";

export type BanGateStatus = "checking" | "allowed" | "banned";

const CHECK_TIMEOUT_MS = 10_000;

function showBanned(): void {
  toast.error(GROUP_CHAT_MESSAGES.banned, { duration: BANNED_TOAST_DURATION_MS, id: BAN_STATUS_TOAST_ID });
}

/**
 * spec §4 Bans: the guard of every /group-chat page. `unbanned=true` first clears the local ban; then
 * the cache, then `check_if_banned` (errors pass). While inside, a ban recorded for this user (a
 * `user_banned` push, a refused join) turns the gate to banned: the layout then goes home.
 */
export function useBanGate(socket: AppSocket | null, user: { id: string; username: string }): BanGateStatus {
  const [checked, setChecked] = useState<{ userId: string; isBanned: boolean } | null>(null);
  const isBannedNow = useBanStore((state) => state.banned[user.id] !== undefined);
  const location = useLocation();
  const navigate = useNavigate();
  const hasParam = hasUnbannedParam(location.search);

  useEffect(() => {
    useGroupIdentityStore.setState({ userId: user.id, username: user.username });
  }, [user.id, user.username]);

  useEffect(() => {
    if (!hasParam) return;
    useBanStore.getState().clearBan(user.id);
    const params = new URLSearchParams(location.search);
    params.delete("unbanned");
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true });
  }, [hasParam, user.id, location.pathname, location.search, navigate]);

  useEffect(() => {
    if (!socket || hasParam) return;
    let isCurrent = true;
    // From here on the tab hears its own bans and unbans, also on the home page (spec §4 Bans).
    ensureBanWatch(socket);
    const decision = decideEntry(useBanStore.getState(), user.id, Date.now());
    if (decision.kind === "banned") {
      showBanned();
      setChecked({ userId: user.id, isBanned: true });
      return;
    }
    connectSocket(socket);
    socket
      .timeout(CHECK_TIMEOUT_MS)
      .emit("check_if_banned", { username: user.username, userId: user.id }, (error, answer) => {
        if (!isCurrent) return;
        const isBanned = isBannedByAnswer(
          error || !answer.ok ? { ok: false } : { ok: true, banned: answer.data.banned },
        );
        if (isBanned) {
          useBanStore.getState().recordBan(user.id, "");
          showBanned();
        } else {
          useBanStore.getState().clearBan(user.id);
        }
        setChecked({ userId: user.id, isBanned });
      });
    return () => {
      isCurrent = false;
    };
  }, [socket, hasParam, user.id, user.username]);

  if (!checked || checked.userId !== user.id) return "checking";
  if (checked.isBanned || isBannedNow) return "banned";
  return "allowed";
}

import { GROUP_TYPING_REFRESH_MS, isTypingWorthAnnouncing } from "@heartline/shared";
import { useCallback, useRef } from "react";
import type { AppSocket } from "../../../lib/socket";

/**
 * The composer reports every keystroke; the other side hears a change, or a refresh every 2 s while
 * typing goes on (the composer stops it after its idle time). `announce` emits the chat's typing event.
 */
export function useTypingAnnouncer(
  socket: AppSocket | null,
  announce: (socket: AppSocket, isTyping: boolean) => void,
): (isTyping: boolean) => void {
  const lastTyping = useRef({ isTyping: false, at: 0 });
  return useCallback(
    (isTyping: boolean) => {
      const now = Date.now();
      if (!isTypingWorthAnnouncing(lastTyping.current, isTyping, now, GROUP_TYPING_REFRESH_MS)) return;
      if (!socket?.connected) return;
      lastTyping.current = { isTyping, at: now };
      announce(socket, isTyping);
    },
    [socket, announce],
  );
}

import { GROUP_CHAT_MESSAGES } from "@heartline/shared";
import { useEffect, useRef } from "react";
import toast from "react-hot-toast";

/**
 * issue #38: the muted notice goes when a mute ends, by itself (AutoMod's short mute) or lifted by an
 * admin (`user_unmuted`); the user is told once, in one toast, that they can write again.
 */
export function useMuteEndedNotice(isMuted: boolean): void {
  const wasMuted = useRef(isMuted);
  useEffect(() => {
    if (wasMuted.current && !isMuted) {
      toast.success(GROUP_CHAT_MESSAGES.muteEnded, { id: "group-chat-mute-ended" });
    }
    wasMuted.current = isMuted;
  }, [isMuted]);
}

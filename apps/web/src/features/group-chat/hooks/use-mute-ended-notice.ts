import { useEffect, useRef } from "react";
import toast from "react-hot-toast";
import { translate } from "../../../lib/i18n/i18n";

/**
 * issue #38: the muted notice goes when a mute ends, by itself (AutoMod's short mute) or lifted by an
 * admin (`user_unmuted`); the user is told once, in one toast, that they can write again.
 */
export function useMuteEndedNotice(isMuted: boolean): void {
  const wasMuted = useRef(isMuted);
  useEffect(() => {
    if (wasMuted.current && !isMuted) {
      toast.success(translate("group.muteEnded"), { id: "group-chat-mute-ended" });
    }
    wasMuted.current = isMuted;
  }, [isMuted]);
}

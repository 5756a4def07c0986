import { lazy, Suspense, useCallback } from "react";
import { useAppSocket } from "../../../lib/socket";
import { useLeaveChatGuard } from "../hooks/use-leave-chat-guard";
import { useLeaveChatLink } from "../state/leave-chat-link";

const LeaveChatDialog = lazy(() =>
  import("./leave-chat-dialog").then((module) => ({ default: module.LeaveChatDialog })),
);

/**
 * Mounted once in the root layout: asks before navigation ends a live random chat. Leaving ends the
 * chat through the random-chat machine, which emits `end_chat` (spec §2).
 */
export function LeaveChatGuard() {
  const socket = useAppSocket();
  const endChat = useCallback(() => {
    // The chat page ends it through its state machine; without it, the socket is told directly.
    const endThroughChat = useLeaveChatLink.getState().endChat;
    if (endThroughChat) endThroughChat();
    else socket?.emit("end_chat", {});
  }, [socket]);
  const { isOpen, subject, leave, stay } = useLeaveChatGuard(endChat);
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <LeaveChatDialog open={isOpen} subject={subject} onLeave={leave} onCancel={stay} />
    </Suspense>
  );
}

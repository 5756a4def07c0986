import { lazy, Suspense, useCallback } from "react";
import { useAppSocket } from "../../../lib/socket";
import { useLeaveChatGuard } from "../hooks/use-leave-chat-guard";

const LeaveChatDialog = lazy(() =>
  import("./leave-chat-dialog").then((module) => ({ default: module.LeaveChatDialog })),
);

/**
 * Mounted once in the root layout: asks before navigation ends a live random chat. Leaving emits
 * `end_chat` on the socket the app provides (spec §2).
 */
export function LeaveChatGuard() {
  const socket = useAppSocket();
  const endChat = useCallback(() => {
    socket?.emit("end_chat", {});
  }, [socket]);
  const { isOpen, leave, stay } = useLeaveChatGuard(endChat);
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <LeaveChatDialog open={isOpen} onLeave={leave} onCancel={stay} />
    </Suspense>
  );
}

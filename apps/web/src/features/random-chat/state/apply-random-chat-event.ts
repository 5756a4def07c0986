import type { ChatMessage, MatchedPayload, SessionPayload, WaitingPayload } from "@heartline/shared";
import type { AppSocket } from "../../../lib/socket";
import type { RandomChatEvent } from "./random-chat-types";

export type Dispatch = (event: RandomChatEvent) => void;

/**
 * The one place incoming random-chat socket events become machine events (STYLE: each feature
 * applies its socket events in one function). Returns the function that removes every listener.
 */
export function bindRandomChatEvents(socket: AppSocket, dispatch: Dispatch, now: () => number = Date.now) {
  const onSession = ({ userId }: SessionPayload) => dispatch({ type: "SESSION", userId });
  const onAiStatus = ({ available }: { available: boolean }) => dispatch({ type: "AI_STATUS", available });
  const onWaiting = ({ since, searching, isHeldByCooldown }: WaitingPayload) =>
    dispatch({
      type: "WAITING",
      since,
      ...(searching === undefined ? {} : { searching, isHeldByCooldown: isHeldByCooldown === true }),
    });
  const onMatched = ({ roomId, partner, sharedInterests }: MatchedPayload) =>
    dispatch({
      type: "MATCHED",
      roomId,
      partner,
      ...(sharedInterests ? { sharedInterests } : {}),
      at: now(),
    });
  const onMessage = (message: ChatMessage) => dispatch({ type: "MESSAGE_RECEIVED", message });
  const onPartnerTyping = ({ isTyping }: { isTyping: boolean }) =>
    dispatch({ type: "PARTNER_TYPING", isTyping });
  const onPartnerLeft = ({ reason }: { reason: "ended" | "disconnected" }) =>
    dispatch({ type: "PARTNER_LEFT", reason, at: now() });
  const onPersonAvailable = () => dispatch({ type: "PERSON_AVAILABLE" });
  const onDisconnect = () => dispatch({ type: "DISCONNECTED", at: now() });

  socket.on("session", onSession);
  socket.on("ai_status", onAiStatus);
  socket.on("waiting", onWaiting);
  socket.on("matched", onMatched);
  socket.on("chat_message", onMessage);
  socket.on("partner_typing", onPartnerTyping);
  socket.on("partner_left", onPartnerLeft);
  socket.on("person_available", onPersonAvailable);
  socket.on("disconnect", onDisconnect);
  return () => {
    socket.off("session", onSession);
    socket.off("ai_status", onAiStatus);
    socket.off("waiting", onWaiting);
    socket.off("matched", onMatched);
    socket.off("chat_message", onMessage);
    socket.off("partner_typing", onPartnerTyping);
    socket.off("partner_left", onPartnerLeft);
    socket.off("person_available", onPersonAvailable);
    socket.off("disconnect", onDisconnect);
  };
}

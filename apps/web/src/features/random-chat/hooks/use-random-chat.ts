import { initialSimulatedCount, nextSimulatedCount, nextSimulatedDelayMs } from "@heartline/shared";
import { useEffect, useMemo } from "react";
import {
  type AppSocket,
  connectSocketSoon,
  onReconnectRefresh,
  useAppSocket,
  useServerSessionStore,
} from "../../../lib/socket";
import { useOnlineCount } from "../../presence";
import { bindRandomChatEvents } from "../state/apply-random-chat-event";
import { useLeaveChatLink } from "../state/leave-chat-link";
import { createRandomChatActions, type RandomChatActions } from "../state/random-chat-actions";
import { useRandomChatStore } from "../state/random-chat-store";

const getChat = () => useRandomChatStore.getState();

/** spec §9: the simulated count starts at 500–700 and drifts ±20 every 5–15 s while /chat is open. */
function useSimulatedCount(): void {
  useEffect(() => {
    const { simulatedUserCount, dispatch } = getChat();
    if (simulatedUserCount < 500)
      dispatch({ type: "SIMULATED_COUNT", count: initialSimulatedCount(Math.random) });
    let timer: ReturnType<typeof setTimeout>;
    const drift = () => {
      const chat = getChat();
      chat.dispatch({
        type: "SIMULATED_COUNT",
        count: nextSimulatedCount(chat.simulatedUserCount, Math.random),
      });
      timer = setTimeout(drift, nextSimulatedDelayMs(Math.random));
    };
    timer = setTimeout(drift, nextSimulatedDelayMs(Math.random));
    return () => clearTimeout(timer);
  }, []);
}

/** Wires the socket to the machine while the chat page is mounted; ends what is left on unmount. */
function useChatSocket(socket: AppSocket | null, actions: RandomChatActions | null): void {
  useEffect(() => {
    if (!socket || !actions) return;
    const { dispatch } = getChat();
    const session = useServerSessionStore.getState();
    // `session` and `ai_status` come right after connecting, possibly before this page mounted.
    if (session.userId) dispatch({ type: "SESSION", userId: session.userId });
    if (session.aiAvailable !== null) dispatch({ type: "AI_STATUS", available: session.aiAvailable });
    const unbind = bindRandomChatEvents(socket, dispatch);
    const stopRefresh = onReconnectRefresh(socket, () => {
      const wasSearching = getChat().phase === "searching" || getChat().phase === "waiting";
      getChat().dispatch({ type: "RECONNECTED", at: Date.now() });
      if (wasSearching) actions.rejoin();
    });
    useLeaveChatLink.setState({ endChat: actions.end });
    const cancelConnect = connectSocketSoon(socket);
    return () => {
      cancelConnect();
      unbind();
      stopRefresh();
      useLeaveChatLink.setState({ endChat: null });
      const { phase } = getChat();
      // Leaving /chat leaves the line too; a live chat was already ended by the Leave Chat dialog.
      if (phase === "searching" || phase === "waiting" || phase === "connected") socket.emit("end_chat", {});
      getChat().reset();
    };
  }, [socket, actions]);
}

/** The random chat for the /chat page: its socket wiring, counters and the user's actions. */
export function useRandomChat(): RandomChatActions | null {
  const socket = useAppSocket();
  const actions = useMemo(() => (socket ? createRandomChatActions(socket) : null), [socket]);
  const { real } = useOnlineCount();
  useSimulatedCount();
  useChatSocket(socket, actions);
  useEffect(() => {
    if (real !== undefined) getChat().dispatch({ type: "REAL_COUNT", count: real });
  }, [real]);
  return actions;
}

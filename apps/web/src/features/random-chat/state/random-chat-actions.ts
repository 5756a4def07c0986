import type { AckResult, JoinRandomPayload, LineStatusPayload, ReportPartnerInput } from "@heartline/shared";
import { type AppSocket, useServerSessionStore } from "../../../lib/socket";
import { readAllowAISetting } from "../../settings";
import { useRandomChatStore } from "./random-chat-store";

/** An ack that never comes (a dead connection) counts as a failure after this long. */
export const ACK_TIMEOUT_MS = 10_000;
export const NO_ANSWER_MESSAGE = "The server did not answer. Please try again.";

type Acked<T> = (result: AckResult<T>) => void;

/**
 * Sends with an acknowledgement; one that never comes (a dead connection) is reported as an
 * `ok:false` result after `ACK_TIMEOUT_MS`. Each ack clears its timer.
 */
function withAck<T>(send: (ack: Acked<T>) => void, onResult: Acked<T>): void {
  let isDone = false;
  const timer = setTimeout(() => {
    isDone = true;
    onResult({ ok: false, error: { code: "timeout", message: NO_ANSWER_MESSAGE } });
  }, ACK_TIMEOUT_MS);
  send((result) => {
    if (isDone) return;
    isDone = true;
    clearTimeout(timer);
    onResult(result);
  });
}

export interface RandomChatActions {
  start: () => void;
  /** Join again with the same choices (after a reconnect while searching). */
  rejoin: () => void;
  cancel: () => void;
  send: (content: string) => void;
  retry: (id: string) => void;
  setTyping: (isTyping: boolean) => void;
  end: () => void;
  next: () => void;
  switchToPerson: () => void;
  report: (input: ReportPartnerInput) => Promise<AckResult<{ reportId: string }>>;
  /** Waiting alone: search again with preference "anyone" (issue 14). */
  widen: () => void;
  /** Asks the server how the line looks (the waiting screen polls it). */
  refreshLineStatus: () => void;
}

const store = () => useRandomChatStore.getState();

function joinPayload(): JoinRandomPayload | null {
  const { gender, preference, interests } = store();
  if (!gender || !preference) return null;
  return {
    gender,
    preference,
    ...(interests.length > 0 ? { interests } : {}),
    allowAI: readAllowAISetting(),
  };
}

/** Every random-chat emit goes through the machine first, so the UI and the server stay in step. */
export function createRandomChatActions(socket: AppSocket): RandomChatActions {
  const dispatch = (...args: Parameters<ReturnType<typeof store>["dispatch"]>) => store().dispatch(...args);

  const emitJoin = () => {
    const payload = joinPayload();
    if (!payload) return;
    withAck<undefined>(
      (ack) => socket.emit("join", payload, ack),
      (result) => {
        dispatch(result.ok ? { type: "JOIN_ACKED" } : { type: "JOIN_FAILED", message: result.error.message });
      },
    );
  };

  const emitMessage = (id: string) => {
    const message = store().messages.find((m) => m.id === id);
    if (!message) return;
    const payload = { id, content: message.content, type: "text" as const };
    const sent = message.replyTo ? { ...payload, replyTo: message.replyTo } : payload;
    withAck<{ id: string; timestamp: number }>(
      (ack) => socket.emit("chat_message", sent, ack),
      (result) => {
        if (result.ok) dispatch({ type: "MESSAGE_ACKED", id, timestamp: result.data.timestamp });
        else dispatch({ type: "MESSAGE_FAILED", id, message: result.error.message });
      },
    );
  };

  const stopTyping = () => {
    if (!store().isTyping) return;
    dispatch({ type: "TYPING", isTyping: false });
    socket.emit("typing", { isTyping: false });
  };

  return {
    start: () => {
      dispatch({ type: "START" });
      if (store().phase !== "searching") return;
      if (useServerSessionStore.getState().isAdultConfirmed === true) return emitJoin();
      // The picker asked for the 18+ confirmation (issue 14); the server records it, then we join.
      withAck<undefined>(
        (ack) => socket.emit("confirm_adult", { accepted: true }, ack),
        (result) => {
          if (!result.ok) return dispatch({ type: "JOIN_FAILED", message: result.error.message });
          useServerSessionStore.setState({ isAdultConfirmed: true });
          emitJoin();
        },
      );
    },
    rejoin: () => {
      if (store().phase === "searching") emitJoin();
    },
    cancel: () => {
      // spec §4: end_chat while searching takes us out of the line.
      dispatch({ type: "END", at: Date.now() });
      socket.emit("end_chat", {});
    },
    send: (content) => {
      const id = crypto.randomUUID();
      const isTyping = store().isTyping;
      dispatch({ type: "MESSAGE_SENT", id, content, at: Date.now() });
      if (!store().messages.some((m) => m.id === id)) return;
      if (isTyping) socket.emit("typing", { isTyping: false });
      emitMessage(id);
    },
    retry: (id) => {
      dispatch({ type: "MESSAGE_RETRY", id });
      // The same id again: the server acknowledges a repeat without delivering it twice.
      if (store().messages.find((m) => m.id === id)?.status === "pending") emitMessage(id);
    },
    setTyping: (isTyping) => {
      if (!isTyping) return stopTyping();
      if (store().isTyping || store().phase !== "connected") return;
      dispatch({ type: "TYPING", isTyping: true });
      socket.emit("typing", { isTyping: true });
    },
    end: () => {
      stopTyping();
      dispatch({ type: "END", at: Date.now() });
      socket.emit("end_chat", {});
    },
    next: () => {
      stopTyping();
      dispatch({ type: "NEXT", at: Date.now() });
      if (store().phase !== "searching") return;
      // `next` ends the chat on the server (the partner is told) and searches with the same choices.
      withAck<undefined>(
        (ack) => socket.emit("next", {}, ack),
        (result) => {
          if (result.ok) dispatch({ type: "JOIN_ACKED" });
          // A new connection has no earlier choices on the server: join with ours instead.
          else if (result.error.code === "bad_request") emitJoin();
          else dispatch({ type: "JOIN_FAILED", message: result.error.message });
        },
      );
    },
    switchToPerson: () => {
      dispatch({ type: "SWITCHED" });
      if (store().phase !== "searching") return;
      withAck<undefined>(
        (ack) => socket.emit("switch_to_person", {}, ack),
        (result) => {
          dispatch(
            result.ok ? { type: "JOIN_ACKED" } : { type: "JOIN_FAILED", message: result.error.message },
          );
        },
      );
    },
    widen: () => {
      dispatch({ type: "WIDEN" });
      // `join` again replaces our place in the line with the wider choice.
      if (store().phase === "searching") emitJoin();
    },
    refreshLineStatus: () => {
      if (store().phase !== "waiting") return;
      withAck<LineStatusPayload>(
        (ack) => socket.emit("line_status", ack),
        (result) => {
          if (result.ok) dispatch({ type: "LINE_STATUS", ...result.data });
        },
      );
    },
    report: (input) =>
      new Promise((resolve) => {
        withAck<{ reportId: string }>((ack) => socket.emit("report_partner", input, ack), resolve);
      }),
  };
}

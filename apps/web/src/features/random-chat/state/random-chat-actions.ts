import type {
  AckResult,
  ClientToServerEvents,
  JoinRandomPayload,
  LineStatusPayload,
  ReportPartnerInput,
} from "@heartline/shared";
import { NO_ANSWER_MESSAGE } from "../../../lib/i18n/server-error-text";
import { type AppSocket, useServerSessionStore } from "../../../lib/socket";
import { sendWithAck } from "../../chat-pipeline";
import { readAllowAISetting } from "../../settings";
import { readChatLanguages } from "./chat-languages";
import { useRandomChatStore } from "./random-chat-store";

/** An ack that never comes (a dead connection) counts as a failure after this long. */
export const ACK_TIMEOUT_MS = 10_000;
export { NO_ANSWER_MESSAGE };

type Acked<T> = (result: AckResult<T>) => void;

/**
 * The ack callback of `socket.timeout(ACK_TIMEOUT_MS).emit(…)`: an ack that never comes (a dead
 * connection) is reported as an `ok:false` result with `NO_ANSWER_MESSAGE`.
 */
function answered<T>(onResult: Acked<T>): (error: Error | null, result: AckResult<T>) => void {
  return (error, result) =>
    onResult(error ? { ok: false, error: { code: "timeout", message: NO_ANSWER_MESSAGE } } : result);
}

/** The random chat's requests whose ack the contract marks optional (the server answers them anyway). */
type RequestEvent = "join" | "confirm_adult" | "next" | "switch_to_person";

/** `socket.timeout(ACK_TIMEOUT_MS).emit(…)` for those: the library decorates only a required ack's type. */
function request<E extends RequestEvent>(
  socket: AppSocket,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
  onResult: Acked<undefined>,
): void {
  const timed = socket.timeout(ACK_TIMEOUT_MS) as unknown as {
    emit: (event: E, payload: unknown, ack: (error: Error | null, result: AckResult) => void) => void;
  };
  timed.emit(event, payload, answered(onResult));
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
  const languages = readChatLanguages();
  return {
    gender,
    preference,
    ...(interests.length > 0 ? { interests } : {}),
    ...(languages.length > 0 ? { languages } : {}),
    allowAI: readAllowAISetting(),
  };
}

/** Every random-chat emit goes through the machine first, so the UI and the server stay in step. */
export function createRandomChatActions(socket: AppSocket): RandomChatActions {
  const dispatch = (...args: Parameters<ReturnType<typeof store>["dispatch"]>) => store().dispatch(...args);

  const emitJoin = () => {
    const payload = joinPayload();
    if (!payload) return;
    request(socket, "join", payload, (result) => {
      dispatch(result.ok ? { type: "JOIN_ACKED" } : { type: "JOIN_FAILED", message: result.error.message });
    });
  };

  const emitMessage = (id: string) => {
    const message = store().messages.find((m) => m.id === id);
    if (!message) return;
    const payload = { id, content: message.content, type: "text" as const };
    const sent = message.replyTo ? { ...payload, replyTo: message.replyTo } : payload;
    // The chats' one send: socket.io's ack timeout; the machine holds this chat's pending messages.
    void sendWithAck(socket, "chat_message", sent, ACK_TIMEOUT_MS).then((outcome) => {
      if (outcome.ok) dispatch({ type: "MESSAGE_ACKED", id, timestamp: outcome.data.timestamp });
      else dispatch({ type: "MESSAGE_FAILED", id, message: outcome.refusal?.message ?? NO_ANSWER_MESSAGE });
    });
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
      request(socket, "confirm_adult", { accepted: true }, (result) => {
        if (!result.ok) return dispatch({ type: "JOIN_FAILED", message: result.error.message });
        useServerSessionStore.setState({ isAdultConfirmed: true });
        emitJoin();
      });
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
      request(socket, "next", {}, (result) => {
        if (result.ok) dispatch({ type: "JOIN_ACKED" });
        // A new connection has no earlier choices on the server: join with ours instead.
        else if (result.error.code === "bad_request") emitJoin();
        else dispatch({ type: "JOIN_FAILED", message: result.error.message });
      });
    },
    switchToPerson: () => {
      dispatch({ type: "SWITCHED" });
      if (store().phase !== "searching") return;
      request(socket, "switch_to_person", {}, (result) => {
        dispatch(result.ok ? { type: "JOIN_ACKED" } : { type: "JOIN_FAILED", message: result.error.message });
      });
    },
    widen: () => {
      dispatch({ type: "WIDEN" });
      // `join` again replaces our place in the line with the wider choice.
      if (store().phase === "searching") emitJoin();
    },
    refreshLineStatus: () => {
      if (store().phase !== "waiting") return;
      socket.timeout(ACK_TIMEOUT_MS).emit(
        "line_status",
        answered<LineStatusPayload>((result) => {
          if (result.ok) dispatch({ type: "LINE_STATUS", ...result.data });
        }),
      );
    },
    report: (input) =>
      new Promise((resolve) => {
        socket.timeout(ACK_TIMEOUT_MS).emit("report_partner", input, answered(resolve));
      }),
  };
}

import type { AckResult, ClientToServerEvents, ErrorBody } from "@heartline/shared";
import type { AppSocket } from "../../../lib/socket";

/** The client events that send a chat message: one payload, an `AckResult` back. */
export type MessageSendEvent = "chat_message" | "group_message" | "direct_message";

export type SendPayload<E extends MessageSendEvent> = Parameters<ClientToServerEvents[E]>[0];

export type SendAckData<E extends MessageSendEvent> = Parameters<ClientToServerEvents[E]>[1] extends (
  result: AckResult<infer T>,
) => void
  ? T
  : never;

/** How a send ended: stored, with the server's data, or not, with its refusal (null: no answer in time). */
export type SendOutcome<T> = { ok: true; data: T } | { ok: false; refusal: ErrorBody | null };

/** The shape `socket.timeout(ms)` has for one of these events (the library's own types need a literal). */
interface TimedEmitter<E extends MessageSendEvent> {
  emit: (
    event: E,
    payload: SendPayload<E>,
    ack: (error: Error | null, result: AckResult<SendAckData<E>>) => void,
  ) => void;
}

/**
 * Emits one message with socket.io's own ack timeout (`timeout().emit()`): an ack that never comes (a
 * dead connection) settles as a refusal without a reason after `timeoutMs`.
 */
export function sendWithAck<E extends MessageSendEvent>(
  socket: AppSocket,
  event: E,
  payload: SendPayload<E>,
  timeoutMs: number,
): Promise<SendOutcome<SendAckData<E>>> {
  return new Promise((resolve) => {
    const timed = socket.timeout(timeoutMs) as unknown as TimedEmitter<E>;
    timed.emit(event, payload, (error, result) => {
      if (error) resolve({ ok: false, refusal: null });
      else if (result.ok) resolve({ ok: true, data: result.data });
      else resolve({ ok: false, refusal: result.error });
    });
  });
}

import type { AckResult } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import { toAck } from "../errors/error-mapping";
import type { SendTimer } from "../lib/metrics";
import type { HeartlineSocket, SocketListener } from "./types";

export type AnyAck = (result: AckResult<unknown>) => void;

/** Socket.IO passes the ack last; a client may leave the payload out (`emit("leave_group", ack)`). */
export function splitAckArgs(args: unknown[]): { payload: unknown; ack: AnyAck | undefined } {
  const last = args.at(-1);
  if (typeof last !== "function") return { payload: args[0], ack: undefined };
  return { payload: args.length > 1 ? args[0] : undefined, ack: last as AnyAck };
}

export interface AnswerOptions {
  log: FastifyBaseLogger;
  /** Logged with an unexpected error, e.g. `{ userId }`. */
  context?: Record<string, unknown>;
  /** What failed, for the log line ("group event failed"). */
  failure: string;
  /** Runs after a successful ack (the AI companion answers after the sender's ack). */
  afterAck?: () => void;
  /** Told how long a successful event took until its ack (the chats' send latency metric). */
  timer?: SendTimer | undefined;
}

/**
 * Runs an event's work and answers its ack: `{ ok: true, data }`, or `toAck(error)` — the one mapping
 * of errors to acks (ARCHITECTURE §5). Every feature's socket handlers answer through this. Nothing it
 * runs can leave a rejection unhandled (issue #33: that ends Node 20): a synchronous throw of `work`
 * is answered like its rejection, and one after the ack (`afterAck`) is logged.
 */
export function answerAck<T>(ack: AnyAck | undefined, work: () => Promise<T>, options: AnswerOptions): void {
  const logError = (err: unknown): void => options.log.error({ err, ...options.context }, options.failure);
  const startedAt = options.timer ? performance.now() : 0;
  new Promise<T>((resolve) => resolve(work()))
    .then(
      (data) => {
        ack?.({ ok: true, data });
        options.timer?.observe((performance.now() - startedAt) / 1_000);
        options.afterAck?.();
      },
      (error: unknown) => {
        ack?.(toAck(error, logError));
      },
    )
    .catch(logError);
}

/** What a shared handler's log line says besides the error: the event, and the socket's user. */
export interface AckHandlerOptions {
  log: FastifyBaseLogger;
  /** What failed, for the log line ("group event failed"). */
  failure: string;
  /** The send latency metric of a chat's message event. */
  timer?: SendTimer;
}

/**
 * The listener of an event with an ack, one for every socket (`socket-listeners.ts`): splits the
 * arguments and answers through `answerAck`, logging an unexpected error with the socket's user id.
 * `work` gets the socket and the raw payload (parsed by the use case or the handler with its zod schema).
 */
export function withAck(
  options: AckHandlerOptions,
  work: (socket: HeartlineSocket, payload: unknown) => Promise<unknown>,
): SocketListener {
  return function answer(this: HeartlineSocket, ...args: unknown[]): void {
    const { payload, ack } = splitAckArgs(args);
    answerAck(ack, () => work(this, payload), ackOptionsOf(options, this));
  };
}

/** `answerAck`'s options for one event of `socket` (the user id read when the event arrives). */
export function ackOptionsOf(options: AckHandlerOptions, socket: HeartlineSocket): AnswerOptions {
  return {
    log: options.log,
    failure: options.failure,
    context: { userId: socket.data.userId },
    timer: options.timer,
  };
}

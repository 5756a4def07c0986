import type { AckResult } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import { toAck } from "../errors/error-mapping";

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
}

/**
 * Runs an event's work and answers its ack: `{ ok: true, data }`, or `toAck(error)` — the one mapping
 * of errors to acks (ARCHITECTURE §5). Every feature's socket handlers answer through this.
 */
export function answerAck<T>(ack: AnyAck | undefined, work: () => Promise<T>, options: AnswerOptions): void {
  work().then(
    (data) => {
      ack?.({ ok: true, data });
      options.afterAck?.();
    },
    (error: unknown) => {
      ack?.(toAck(error, (err) => options.log.error({ err, ...options.context }, options.failure)));
    },
  );
}

/**
 * A handler for an event with an ack: splits the arguments and answers through `answerAck`.
 * `work` gets the raw payload (parsed by the use case or the handler with its zod schema).
 */
export function withAck(
  base: Omit<AnswerOptions, "afterAck">,
  work: (payload: unknown) => Promise<unknown>,
): (...args: unknown[]) => void {
  return (...args) => {
    const { payload, ack } = splitAckArgs(args);
    answerAck(ack, () => work(payload), base);
  };
}

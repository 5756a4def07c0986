import type { FastifyBaseLogger } from "fastify";
import { toAck } from "../errors/error-mapping";
import { splitAckArgs } from "./acks";
import type { HeartlineServer, HeartlineSocket } from "./types";

/**
 * Issue #33: no throw in one event's handling may end the process. A client's event runs in Socket.IO's
 * middleware and then in a `process.nextTick`, outside any caller's `try`, so a synchronous throw there
 * is an uncaught exception, and a rejection nobody handles ends Node 20 as well. Every step of an event
 * (the socket's middleware, each guard, each listener, the reserved `disconnecting`/`disconnect`
 * listeners) runs through `runSafely`: a throw or a rejection is logged with its stack and the event's
 * ack, when it has one, is answered through the one error mapping (`internal` for anything unexpected).
 */

/** Each server's logger, registered by the socket plugin (a listener set reaches it from its socket). */
const failureLogs = new WeakMap<HeartlineServer, FastifyBaseLogger>();

/** The longest event name a log line repeats (the name is the client's string, up to 64 KB). */
const LOGGED_EVENT_NAME_LENGTH = 100;

export function logEventFailuresTo(io: HeartlineServer, log: FastifyBaseLogger): void {
  failureLogs.set(io, log);
}

/** Runs one step of `packet`'s handling; its throw or rejection goes to `eventFailed`, never further. */
export function runSafely(socket: HeartlineSocket, packet: readonly unknown[], step: () => unknown): void {
  try {
    const result = step();
    if (isThenable(result)) result.then(undefined, (error: unknown) => eventFailed(socket, packet, error));
  } catch (error) {
    eventFailed(socket, packet, error);
  }
}

/** Answers `packet`'s ack (if any) for `error`, and logs the error with its stack when unexpected. */
export function eventFailed(socket: HeartlineSocket, packet: readonly unknown[], error: unknown): void {
  const [event, ...args] = packet;
  try {
    const answer = toAck(error, (err) => {
      const context = { err, event: loggedName(event), userId: socket.data.userId };
      const log = failureLogs.get(socket.nsp.server);
      if (log) log.error(context, "socket event failed");
      else console.error("socket event failed", context);
    });
    splitAckArgs(args).ack?.(answer);
  } catch (reportError) {
    // The report itself failed (a logger or a transport that throws): it must not end the process either.
    console.error("socket event failure could not be reported", reportError);
  }
}

function loggedName(event: unknown): unknown {
  return typeof event === "string" ? event.slice(0, LOGGED_EVENT_NAME_LENGTH) : event;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function"
  );
}

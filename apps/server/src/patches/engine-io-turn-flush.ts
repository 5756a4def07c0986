import { Socket as EngineSocket } from "engine.io";
import type { Server } from "socket.io";

/** The parts of an Engine.IO socket (and of its transport's `ws` socket) this file reads. */
interface EngineSocketInternals {
  readonly server: object;
  readonly readyState: string;
  readonly transport: {
    readonly name: string;
    /** The `ws` WebSocket of the websocket transport; its `_socket` is the TCP socket. */
    readonly socket?: { readonly _socket?: { cork(): void; uncork(): void } };
  };
  flush(): void;
  /** Closes the socket as after a transport error ("transport error"). */
  onError(error: unknown): void;
}

const patchedEngines = new WeakSet<object>();
/** Sockets that have packets waiting for the end of this turn, in the order they got their first. */
const due = new Set<EngineSocketInternals>();
let isFlushScheduled = false;
let stockFlush: ((this: EngineSocketInternals) => void) | undefined;

/**
 * Engine.IO, on the servers passed here, writes a socket's packets once per turn instead of once per
 * packet (issue #35, bench B3). Stock Engine.IO hands the first packet of a turn to the transport at
 * once and the rest as a batch when that write is done; the websocket transport then sends each packet
 * of the batch as its own frame, each a `writev` of its own: a match (`waiting`, `matched`, the ack) was
 * three or four system calls to one socket. Here `flush` waits for the end of the turn
 * (`process.nextTick`, after the turn's promise continuations) and sends every waiting packet with the TCP
 * socket corked, so the frames leave in one write. The frames, their order and their content are
 * unchanged (`engine-io-turn-flush.test.ts` compares them with stock Engine.IO's).
 *
 * A socket that is not open (closing, or closed during an upgrade) flushes at once, as stock Engine.IO
 * does: its close waits for that flush. A write that throws closes its socket ("transport error")
 * instead of escaping a callback nobody made.
 */
export function flushOncePerTurn(io: Server): void {
  if (!stockFlush) {
    const prototype = EngineSocket.prototype as unknown as EngineSocketInternals;
    stockFlush = prototype.flush;
    prototype.flush = function flushAtTurnEnd(this: EngineSocketInternals) {
      if (!patchedEngines.has(this.server) || this.readyState !== "open") {
        stockFlush?.call(this);
        return;
      }
      due.add(this);
      if (isFlushScheduled) return;
      isFlushScheduled = true;
      process.nextTick(flushDue);
    };
  }
  patchedEngines.add(io.engine);
}

function flushDue(): void {
  isFlushScheduled = false;
  for (const socket of due) {
    due.delete(socket);
    const tcp = socket.transport.name === "websocket" ? socket.transport.socket?._socket : undefined;
    tcp?.cork();
    try {
      stockFlush?.call(socket);
    } catch (error) {
      // Stock Engine.IO would throw into the emit; here nobody called, and a throw would end the
      // process (issue #33). A socket whose write throws is broken: it closes, the client reconnects.
      socket.onError(error);
    } finally {
      tcp?.uncork();
    }
  }
}

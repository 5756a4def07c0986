import type { AckResult, ClientEventName } from "@heartline/shared";
import { splitAckArgs } from "./acks";
import { runSafely } from "./event-failures";
import type { HeartlineSocket, SocketListener } from "./types";

export type { SocketListener };

export type SocketListenerEvent = ClientEventName | "disconnecting" | "disconnect";

/** A feature's listeners, each for one event (the table is built once per app, never per socket). */
export type SocketListeners = Readonly<Partial<Record<SocketListenerEvent, SocketListener>>>;

/**
 * Sees every client event of the socket before any table's listener hears it (the session re-check):
 * `next()` passes it on, `next(error)` is Socket.IO's middleware error, not calling `next` drops it.
 */
export type SocketGuard = (socket: HeartlineSocket, packet: unknown[], next: (error?: Error) => void) => void;

export interface SocketListenerSet {
  /** Makes the table's listeners hear `socket` (after the sets attached before it). */
  attach(socket: HeartlineSocket): void;
}

/**
 * The answer to an event no table listens to (issue #33: `__proto__`, `toString`, a typo, a number),
 * when it has an ack; without one it is dropped. Either way no guard and no listener runs for it.
 */
export const UNKNOWN_EVENT_ACK = {
  ok: false,
  error: { code: "bad_request", message: "There is no such event." },
} as const satisfies AckResult;

/**
 * The tables a socket's events go to, in the order they were attached. Every socket gets the same sets
 * in the same order, so the lists are shared: attaching a set moves the socket to the list one longer,
 * made once (as V8 shares an object's shape), and a socket holds one reference.
 */
class TableChain {
  private readonly next = new Map<SocketListeners, TableChain>();
  /**
   * Each event's listeners in attach order, by the tables' own keys only: the event name is the client's
   * string, and a plain object's lookup of `__proto__` or `hasOwnProperty` finds Object.prototype's.
   */
  readonly listenersOf: ReadonlyMap<string, readonly SocketListener[]>;

  constructor(
    readonly tables: readonly SocketListeners[],
    readonly guards: readonly SocketGuard[],
  ) {
    const byEvent = new Map<string, SocketListener[]>();
    for (const table of tables) {
      for (const [event, listener] of Object.entries(table)) {
        if (typeof listener === "function") byEvent.set(event, [...(byEvent.get(event) ?? []), listener]);
      }
    }
    this.listenersOf = byEvent;
  }

  with(table: SocketListeners, guard: SocketGuard | undefined): TableChain {
    let chain = this.next.get(table);
    if (!chain) {
      chain = new TableChain([...this.tables, table], guard ? [...this.guards, guard] : this.guards);
      this.next.set(table, chain);
    }
    return chain;
  }
}

const NO_TABLES = new TableChain([], []);
const chainOf = new WeakMap<HeartlineSocket, TableChain>();

/**
 * A feature's listeners as a set. A socket does not register them one by one on its emitter: that made
 * each socket's listener table a dictionary of some 30 events and arrays (about 1.5 KB per idle socket,
 * bench B4). The first set attached to a socket adds one middleware, last after the rate limits, which
 * runs the sets' guards in order and then hands each client event to the tables (after a tick, as
 * Socket.IO's own emit does, and only while the socket is connected), and one shared listener for each
 * reserved event. Each guard and listener runs on its own through `runSafely`: one that throws or
 * rejects is answered `internal` and logged, and the others still run.
 */
export function socketListenerSet(
  listeners: SocketListeners,
  options: { guard?: SocketGuard } = {},
): SocketListenerSet {
  return {
    attach(socket) {
      const chain = chainOf.get(socket);
      if (!chain) {
        socket.use((packet, next) => runSafely(socket, packet, () => dispatch(socket, packet, next)));
        socket.on("disconnecting", onDisconnecting);
        socket.on("disconnect", onDisconnect);
      }
      chainOf.set(socket, (chain ?? NO_TABLES).with(listeners, options.guard));
    },
  };
}

function dispatch(socket: HeartlineSocket, packet: unknown[], next: (error?: Error) => void): void {
  const [event, ...args] = packet;
  const chain = chainOf.get(socket);
  // A reserved name never comes from a client (Socket.IO's parser refuses it); anything else goes on.
  if (!chain || event === "disconnecting" || event === "disconnect") {
    next();
    return;
  }
  // Socket.IO's parser lets a number through as an event name: no table has one.
  const listeners = typeof event === "string" ? chain.listenersOf.get(event) : undefined;
  if (!listeners) {
    splitAckArgs(args).ack?.(UNKNOWN_EVENT_ACK);
    return;
  }
  const deliver = (): void => {
    process.nextTick(() => {
      if (!socket.connected) return;
      for (const listener of listeners) runSafely(socket, packet, () => listener.apply(socket, args));
    });
  };
  const guard = (index: number): void => {
    const current = chain.guards[index];
    if (!current) {
      deliver();
      return;
    }
    runSafely(socket, packet, () =>
      current(socket, packet, (error) => (error ? next(error) : guard(index + 1))),
    );
  };
  guard(0);
}

function onDisconnecting(this: HeartlineSocket, ...args: unknown[]): void {
  runReserved(this, "disconnecting", args);
}

/** Runs the tables' `disconnect` listeners, then removes its own (house style: every `on` has its `off`). */
function onDisconnect(this: HeartlineSocket, ...args: unknown[]): void {
  runReserved(this, "disconnect", args);
  this.off("disconnecting", onDisconnecting);
  this.off("disconnect", onDisconnect);
  chainOf.delete(this);
}

function runReserved(socket: HeartlineSocket, event: "disconnecting" | "disconnect", args: unknown[]): void {
  const packet = [event, ...args];
  for (const listener of chainOf.get(socket)?.listenersOf.get(event) ?? []) {
    runSafely(socket, packet, () => listener.apply(socket, args));
  }
}

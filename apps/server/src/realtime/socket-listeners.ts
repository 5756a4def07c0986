import type { EventEmitter } from "node:events";
import type { ClientEventName } from "@heartline/shared";
import type { HeartlineSocket } from "./types";

/**
 * A listener shared by every socket: Socket.IO calls a socket's listeners with the socket as `this`
 * (its events and its reserved `disconnecting` / `disconnect`), so one function per event serves all
 * sockets. A closure per socket and event cost each idle socket about a kilobyte per feature (bench B4).
 */
export type SocketListener = (this: HeartlineSocket, ...args: unknown[]) => void;

export type SocketListenerEvent = ClientEventName | "disconnecting" | "disconnect";

/** A feature's listeners, each for one event (the table is built once per app, never per socket). */
export type SocketListeners = Readonly<Partial<Record<SocketListenerEvent, SocketListener>>>;

export interface SocketListenerSet {
  /** Registers every listener on `socket`; each is removed again when the socket disconnects. */
  attach(socket: HeartlineSocket): void;
}

/**
 * The listeners of one feature as a set: `attach` adds them to a socket (in the table's order) and one
 * shared `disconnect` listener removes them (house style: every `on` has its `off`).
 */
export function socketListenerSet(listeners: SocketListeners): SocketListenerSet {
  const entries = Object.entries(listeners) as [SocketListenerEvent, SocketListener][];
  function detach(this: HeartlineSocket): void {
    const emitter = asEmitter(this);
    for (const [event, listener] of entries) emitter.off(event, listener);
    emitter.off("disconnect", detach);
  }
  return {
    attach(socket) {
      const emitter = asEmitter(socket);
      for (const [event, listener] of entries) emitter.on(event, listener);
      emitter.on("disconnect", detach);
    },
  };
}

/** The typed socket's `on` / `off` take one event name at a time; the table's are a union. */
function asEmitter(socket: HeartlineSocket): EventEmitter {
  return socket;
}

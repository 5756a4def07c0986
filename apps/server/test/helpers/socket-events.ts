import type { ServerToClientEvents } from "@heartline/shared";
import type { TestClient } from "./test-app";

type EventName = keyof ServerToClientEvents;
type EventPayload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** Resolves with the next `event` payload that satisfies `accept`; rejects after `timeoutMs`. */
export function nextEvent<E extends EventName>(
  socket: TestClient,
  event: E,
  accept: (payload: EventPayload<E>) => boolean = () => true,
  timeoutMs = 5_000,
): Promise<EventPayload<E>> {
  return new Promise((resolve, reject) => {
    // socket.io-client's typed `on` cannot be narrowed by a generic event name; the listener shape is
    // guaranteed by the ServerToClientEvents contract for `event`.
    const target = socket as unknown as {
      on(name: string, listener: (payload: EventPayload<E>) => void): void;
      off(name: string, listener: (payload: EventPayload<E>) => void): void;
    };
    const timer = setTimeout(() => {
      target.off(event, listener);
      reject(new Error(`no matching "${event}" within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: EventPayload<E>): void => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      target.off(event, listener);
      resolve(payload);
    };
    target.on(event, listener);
  });
}

/** Collects every `event` payload until `stop()` is called. */
export function recordEvents<E extends EventName>(socket: TestClient, event: E) {
  const payloads: EventPayload<E>[] = [];
  const target = socket as unknown as {
    on(name: string, listener: (payload: EventPayload<E>) => void): void;
    off(name: string, listener: (payload: EventPayload<E>) => void): void;
  };
  const listener = (payload: EventPayload<E>): void => {
    payloads.push(payload);
  };
  target.on(event, listener);
  return { payloads, stop: () => target.off(event, listener) };
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface Frame {
  /** `performance.now()` when the client received it. */
  at: number;
  event: string;
  payload: unknown;
  /** The frame's arguments as JSON, for searching. */
  text: string;
}

/**
 * Every event frame a socket receives (socket.io-client's `onAny`), with when it arrived; `waitFor`
 * resolves once a frame matching the test has arrived (earlier ones count).
 */
export function recordFrames(socket: TestClient) {
  const frames: Frame[] = [];
  const waiting = new Set<() => void>();
  const listener = (event: string, ...args: unknown[]): void => {
    frames.push({ at: performance.now(), event, payload: args[0], text: JSON.stringify(args) });
    for (const wake of waiting) wake();
  };
  socket.onAny(listener);
  const waitFor = (test: (frame: Frame) => boolean, what: string, timeoutMs = 10_000): Promise<Frame> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const found = frames.find(test);
        if (!found) return;
        clearTimeout(timer);
        waiting.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`no frame ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.add(check);
      check();
    });
  return { frames, waitFor, stop: () => socket.offAny(listener) };
}

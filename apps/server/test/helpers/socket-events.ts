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

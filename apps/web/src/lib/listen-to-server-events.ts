import type { ServerToClientEvents } from "@heartline/shared";
import type { AppSocket } from "./socket";

/** Listens to each server event of `handlers`; the returned function removes every one of them. */
export function listenToServerEvents(socket: AppSocket, handlers: Partial<ServerToClientEvents>): () => void {
  // Object.entries loses the event-to-handler pairing TypeScript checked on `handlers`.
  const entries = Object.entries(handlers) as [keyof ServerToClientEvents, never][];
  for (const [event, handler] of entries) socket.on(event, handler);
  return () => {
    for (const [event, handler] of entries) socket.off(event, handler);
  };
}

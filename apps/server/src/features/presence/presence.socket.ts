import {
  type Ack,
  presenceStatusSchema,
  updateOnlineStatusSchema,
  updateRouteSchema,
} from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import { type SocketListenerSet, socketListenerSet } from "../../realtime/socket-listeners";
import type { HeartlineSocket } from "../../realtime/types";
import type { LastActiveRecorder } from "./last-active";
import type { OnlineCount } from "./online-count";

export interface PresenceDeps {
  onlineCount: OnlineCount;
  log: FastifyBaseLogger;
  lastActive: LastActiveRecorder;
}

/**
 * Presence events of the spec's client (spec §7): the online count, the current route, the ping
 * heartbeat (every 20 s, spec §9) and the status updates. A bad payload changes nothing and never
 * throws (ARCHITECTURE §5); these events carry no ack, so it is dropped. One listener per event for
 * every socket (`socket-listeners.ts`); the socket is `this`.
 */
export function presenceListeners(deps: PresenceDeps): SocketListenerSet {
  const { onlineCount, log, lastActive } = deps;

  function onRequestOnlineUsers(this: HeartlineSocket): void {
    onlineCount.current().then(
      (count) => this.emit("online_users", count),
      (error: unknown) => log.warn({ err: error }, "online count unavailable"),
    );
  }

  function onUpdateRoute(this: HeartlineSocket, route: unknown): void {
    const parsed = updateRouteSchema.safeParse(route);
    if (parsed.success) this.data.route = parsed.data;
    else log.debug({ event: "update_route" }, "bad payload dropped");
  }

  const onPing = (ack?: unknown): void => {
    if (typeof ack === "function") (ack as Ack<{ time: number }>)({ ok: true, data: { time: Date.now() } });
  };

  // Accepted and validated now; per-user presence (online lists, away) arrives with accounts.
  const onUpdateOnlineStatus = (payload: unknown): void => {
    if (!updateOnlineStatusSchema.safeParse(payload).success) {
      log.debug({ event: "update_online_status" }, "bad payload dropped");
    }
  };

  const onStatusUpdate = (status: unknown): void => {
    if (!presenceStatusSchema.safeParse(status).success) {
      log.debug({ event: "status:update" }, "bad payload dropped");
    }
  };

  function onDisconnect(this: HeartlineSocket): void {
    onlineCount.changed();
    if (!this.data.isVisitor) lastActive.left(this.data.userId);
  }

  const listeners = socketListenerSet({
    request_online_users: onRequestOnlineUsers,
    update_route: onUpdateRoute,
    ping: onPing,
    update_online_status: onUpdateOnlineStatus,
    "status:update": onStatusUpdate,
    disconnect: onDisconnect,
  });
  return {
    attach(socket) {
      listeners.attach(socket);
      onlineCount.changed();
      if (!socket.data.isVisitor) lastActive.returned(socket.data.userId);
    },
  };
}

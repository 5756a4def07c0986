import {
  type Ack,
  type PresenceStatus,
  presenceStatusSchema,
  type UpdateOnlineStatusInput,
  updateOnlineStatusSchema,
  updateRouteSchema,
} from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import type { HeartlineSocket } from "../../realtime/types";
import { recordLastActive } from "./last-active";
import type { OnlineCount } from "./online-count";

export interface PresenceDeps {
  onlineCount: OnlineCount;
  log: FastifyBaseLogger;
  db: Database;
}

/**
 * Presence events of the spec's client (spec §7): the online count, the current route, the ping
 * heartbeat (every 20 s, spec §9) and the status updates. A bad payload changes nothing and never
 * throws (ARCHITECTURE §5); these events carry no ack, so it is dropped.
 */
export function registerPresenceHandlers(socket: HeartlineSocket, deps: PresenceDeps): void {
  const { onlineCount, log } = deps;

  const onRequestOnlineUsers = (): void => {
    onlineCount.current().then(
      (count) => socket.emit("online_users", count),
      (error: unknown) => log.warn({ err: error }, "online count unavailable"),
    );
  };

  const onUpdateRoute = (route: string): void => {
    const parsed = updateRouteSchema.safeParse(route);
    if (parsed.success) socket.data.route = parsed.data;
    else log.debug({ event: "update_route" }, "bad payload dropped");
  };

  const onPing = (ack?: Ack<{ time: number }>): void => {
    if (typeof ack === "function") ack({ ok: true, data: { time: Date.now() } });
  };

  // Accepted and validated now; per-user presence (online lists, away) arrives with accounts.
  const onUpdateOnlineStatus = (payload: UpdateOnlineStatusInput): void => {
    if (!updateOnlineStatusSchema.safeParse(payload).success) {
      log.debug({ event: "update_online_status" }, "bad payload dropped");
    }
  };

  const onStatusUpdate = (status: PresenceStatus): void => {
    if (!presenceStatusSchema.safeParse(status).success) {
      log.debug({ event: "status:update" }, "bad payload dropped");
    }
  };

  const onDisconnect = (): void => {
    socket.off("request_online_users", onRequestOnlineUsers);
    socket.off("update_route", onUpdateRoute);
    socket.off("ping", onPing);
    socket.off("update_online_status", onUpdateOnlineStatus);
    socket.off("status:update", onStatusUpdate);
    socket.off("disconnect", onDisconnect);
    onlineCount.changed();
    if (!socket.data.isVisitor) recordLastActive(deps, socket.data.userId);
  };

  socket.on("request_online_users", onRequestOnlineUsers);
  socket.on("update_route", onUpdateRoute);
  socket.on("ping", onPing);
  socket.on("update_online_status", onUpdateOnlineStatus);
  socket.on("status:update", onStatusUpdate);
  socket.on("disconnect", onDisconnect);
  onlineCount.changed();
}

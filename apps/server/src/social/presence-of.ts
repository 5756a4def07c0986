import type { PresenceStatus } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import { userRoom } from "../realtime/rooms";
import type { HeartlineServer } from "../realtime/types";

/**
 * Online, away or offline for each id (spec §4 Presence), from the sockets themselves: one
 * `fetchSockets` over the users' `user:{id}` rooms, answered by every node through the adapter. A user
 * with a socket is online, away when every socket of theirs in the group room says away; no socket is
 * offline. Nothing is stored, so nothing goes stale when a node dies.
 */
export async function presenceOf(
  io: HeartlineServer,
  log: FastifyBaseLogger,
  userIds: readonly string[],
): Promise<Map<string, PresenceStatus>> {
  const statuses = new Map<string, PresenceStatus>();
  if (userIds.length === 0) return statuses;
  const wanted = new Set(userIds);
  try {
    const sockets = await io.in(userIds.map(userRoom)).fetchSockets();
    for (const socket of sockets) {
      const { userId, isVisitor, group } = socket.data;
      if (isVisitor || !wanted.has(userId)) continue;
      const status: PresenceStatus = group?.status === "away" ? "away" : "online";
      if (statuses.get(userId) !== "online") statuses.set(userId, status);
    }
  } catch (error) {
    // A node that does not answer in time: the list still loads, its users show offline.
    log.warn({ err: error }, "friend presence unavailable");
  }
  return statuses;
}

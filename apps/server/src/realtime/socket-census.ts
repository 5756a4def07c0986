import type { MetricSources, SocketKind } from "../lib/metrics";
import { GROUP_ROOM, PAIR_ROOM_PREFIX } from "./rooms";
import type { HeartlineServer } from "./types";

/**
 * What the metrics' gauges read of this node's sockets when scraped (issue #41 §2): one pass over the
 * local sockets or rooms per scrape, nothing per message.
 */
export function socketCensus(
  io: HeartlineServer,
): Pick<MetricSources, "socketsByKind" | "groupRoomPeople" | "randomPaired"> {
  const namespace = io.of("/");
  return {
    socketsByKind() {
      const counts: Record<SocketKind, number> = { visitor: 0, guest: 0, registered: 0 };
      for (const socket of namespace.sockets.values()) {
        const { isVisitor, isGuest } = socket.data;
        counts[isVisitor ? "visitor" : isGuest ? "guest" : "registered"] += 1;
      }
      return counts;
    },
    groupRoomPeople() {
      const people = new Set<string>();
      for (const socketId of namespace.adapter.rooms.get(GROUP_ROOM) ?? []) {
        const userId = namespace.sockets.get(socketId)?.data.userId;
        if (userId) people.add(userId);
      }
      return people.size;
    },
    randomPaired() {
      let paired = 0;
      for (const [room, members] of namespace.adapter.rooms) {
        if (room.startsWith(PAIR_ROOM_PREFIX)) paired += members.size;
      }
      return paired;
    },
  };
}

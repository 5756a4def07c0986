import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";

/** Anything `emit` can be called on: a socket of this node, or the adapter-wide broadcast to it. */
export type EmitTarget = Pick<HeartlineSocket, "emit"> | Pick<ReturnType<HeartlineServer["to"]>, "emit">;

/*
 * With the Redis adapter, `io.to(socketId).emit` and `io.in(socketId).socketsJoin/socketsLeave`
 * publish to the stream and act on this node's socket only once Redis answered, even when the socket
 * is here. These helpers act on a socket of this node directly and keep the adapter-wide call for a
 * socket elsewhere (or gone). Every event of the random chat to one socket goes through the same path
 * (both the direct one while the socket is here), so their order is kept.
 */

/** The socket on this node, if it is here. */
export function localSocket(io: HeartlineServer, socketId: string): HeartlineSocket | undefined {
  return io.of("/").sockets.get(socketId);
}

/** `io.to(socketId)`, without the round trip through the adapter when the socket is on this node. */
export function toSocket(io: HeartlineServer, socketId: string): EmitTarget {
  return localSocket(io, socketId) ?? io.to(socketId);
}

/** `io.in(socketId).socketsJoin(room)`, directly when the socket is on this node. */
export function joinSocket(io: HeartlineServer, socketId: string, room: string): void {
  const socket = localSocket(io, socketId);
  if (socket) void socket.join(room);
  else io.in(socketId).socketsJoin(room);
}

/**
 * `io.in(room).socketsLeave(room)` for a room only these sockets were put in (a pair): directly when
 * all of them are on this node, through the adapter otherwise.
 */
export function leaveRoomOf(io: HeartlineServer, socketIds: readonly string[], room: string): void {
  const sockets = socketIds.map((socketId) => localSocket(io, socketId));
  if (sockets.some((socket) => !socket)) {
    io.in(room).socketsLeave(room);
    return;
  }
  for (const socket of sockets) void socket?.leave(room);
}

/**
 * `socket.to(room)` for a pair room: the partner directly when both sockets of the pair are on this
 * node, through the adapter otherwise (the partner elsewhere, or an AI chat).
 */
export function toPairPartner(socket: HeartlineSocket, room: string): EmitTarget {
  const here = socket.nsp.adapter.rooms.get(room);
  if (here?.size === 2 && here.has(socket.id)) {
    for (const socketId of here) {
      const partner = socketId === socket.id ? undefined : socket.nsp.sockets.get(socketId);
      if (partner) return partner;
    }
  }
  return socket.to(room);
}

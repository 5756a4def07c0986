import { emptyPayloadSchema } from "@heartline/shared";
import { withAck } from "../../realtime/acks";
import { CONFESSIONS_ROOM } from "../../realtime/rooms";
import type { HeartlineSocket } from "../../realtime/types";
import { requireGroupMember } from "../group-chat/index";
import type { ConfessionsDeps } from "./confessions-deps";

/**
 * `join_confession_wall` / `leave_confession_wall` (issue #13): the wall's live pushes reach a socket
 * in the `confessions` room, on every node through the adapter, once it passed the group chat guard.
 */
export function registerConfessionHandlers(socket: HeartlineSocket, deps: ConfessionsDeps): void {
  const handler = (work: (payload: unknown) => Promise<unknown>) =>
    withAck(
      { log: deps.log, context: { userId: socket.data.userId }, failure: "confession event failed" },
      work,
    );

  const onJoin = handler(async (payload) => {
    emptyPayloadSchema.parse(payload);
    const userId = socket.data.isVisitor ? null : socket.data.userId;
    await requireGroupMember({ deps, userId, deviceId: socket.data.deviceId });
    await socket.join(CONFESSIONS_ROOM);
  });
  const onLeave = handler(async (payload) => {
    emptyPayloadSchema.parse(payload);
    await socket.leave(CONFESSIONS_ROOM);
  });
  const onDisconnect = (): void => {
    socket.off("join_confession_wall", onJoin);
    socket.off("leave_confession_wall", onLeave);
    socket.off("disconnect", onDisconnect);
  };
  socket.on("join_confession_wall", onJoin);
  socket.on("leave_confession_wall", onLeave);
  socket.on("disconnect", onDisconnect);
}

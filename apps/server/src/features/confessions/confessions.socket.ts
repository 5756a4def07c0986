import { emptyPayloadSchema } from "@heartline/shared";
import { withAck } from "../../realtime/acks";
import { CONFESSIONS_ROOM } from "../../realtime/rooms";
import { type SocketListenerSet, socketListenerSet } from "../../realtime/socket-listeners";
import type { HeartlineSocket } from "../../realtime/types";
import { requireGroupMember } from "../group-chat/index";
import type { ConfessionsDeps } from "./confessions-deps";

/**
 * `join_confession_wall` / `leave_confession_wall` (issue #13): the wall's live pushes reach a socket
 * in the `confessions` room, on every node through the adapter, once it passed the group chat guard.
 * One listener per event for every socket (`socket-listeners.ts`).
 */
export function confessionListeners(deps: ConfessionsDeps): SocketListenerSet {
  const handler = (work: (socket: HeartlineSocket, payload: unknown) => Promise<unknown>) =>
    withAck({ log: deps.log, failure: "confession event failed" }, work);

  const onJoin = handler(async (socket, payload) => {
    emptyPayloadSchema.parse(payload);
    const userId = socket.data.isVisitor ? null : socket.data.userId;
    await requireGroupMember({ deps, userId, deviceId: socket.data.deviceId });
    await socket.join(CONFESSIONS_ROOM);
  });
  const onLeave = handler(async (socket, payload) => {
    emptyPayloadSchema.parse(payload);
    await socket.leave(CONFESSIONS_ROOM);
  });
  return socketListenerSet({ join_confession_wall: onJoin, leave_confession_wall: onLeave });
}

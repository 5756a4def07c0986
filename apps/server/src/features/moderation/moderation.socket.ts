import { banIdentitySchema, forceUnbanSchema } from "@heartline/shared";
import { withAck } from "../../realtime/acks";
import { ADMINS_ROOM } from "../../realtime/rooms";
import { type SocketListenerSet, socketListenerSet } from "../../realtime/socket-listeners";
import type { HeartlineSocket } from "../../realtime/types";
import { isBanned, requireAdminById } from "./moderation-checks";
import type { ModerationDeps } from "./moderation-deps";
import { unbanUser } from "./unban-user";

/**
 * spec §4 Bans over the socket. `check_if_banned` answers for this socket's own user and browser (the
 * payload's names are never trusted); `force_unban_user` is an admin action whose role is read from the
 * database (ARCHITECTURE §9.4): for anyone else it is `forbidden` and nothing changes. One listener per
 * event for every socket (`socket-listeners.ts`).
 */
export function moderationListeners(deps: ModerationDeps): SocketListenerSet {
  const handler = (work: (socket: HeartlineSocket, payload: unknown) => Promise<unknown>) =>
    withAck({ log: deps.log, failure: "moderation event failed" }, work);

  const onCheckIfBanned = handler(async (socket, payload) => {
    banIdentitySchema.optional().parse(payload);
    const { userId, deviceId, isVisitor } = socket.data;
    return { banned: await isBanned(deps.db, { userId: isVisitor ? "" : userId, deviceId }) };
  });

  const onForceUnban = handler(async (socket, payload) => {
    // The role first: a non-admin learns nothing, not even whether the payload was well-formed.
    const admin = await requireAdminById(deps.db, socket.data.isVisitor ? null : socket.data.userId);
    const input = forceUnbanSchema.parse(payload);
    const { removed } = await unbanUser({ deps, admin, target: { username: input.username } });
    return { unbanned: removed };
  });

  const listeners = socketListenerSet({ check_if_banned: onCheckIfBanned, force_unban_user: onForceUnban });
  return {
    attach(socket) {
      // Only the banned list (read-only) goes to `admins`; the role comes from the session's user row,
      // not the client, and every admin action re-reads it from the database (ARCHITECTURE §9.4).
      if (socket.data.isAdmin) void socket.join(ADMINS_ROOM);
      listeners.attach(socket);
    },
  };
}

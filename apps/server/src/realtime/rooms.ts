/**
 * Every Socket.IO room name in one place (ARCHITECTURE §5 Rooms). Features build room names only
 * here, so a push to `user:{id}` from one feature reaches the sockets another feature put there.
 */

/** The one group chat room. */
export const GROUP_ROOM = "group";
/** Admins' sockets (the read-only banned list); the role is re-read for every admin action. */
export const ADMINS_ROOM = "admins";
/** The confession wall's live pushes (issue #13): sockets that passed the group chat guard. */
export const CONFESSIONS_ROOM = "confessions";
export const PAIR_ROOM_PREFIX = "pair:";

/** Every socket of one signed-in user, on every node; joined once, at connection. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/** The two sockets of a random one-to-one chat. */
export function pairRoom(roomId: string): string {
  return `${PAIR_ROOM_PREFIX}${roomId}`;
}

/** The pair's id of a `pair:` room name. */
export function roomIdOfPairRoom(room: string): string {
  return room.slice(PAIR_ROOM_PREFIX.length);
}

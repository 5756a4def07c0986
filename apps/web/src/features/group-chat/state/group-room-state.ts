import {
  DISPLAY_NAME_FALLBACKS,
  type Gender,
  GROUP_PEOPLE_PAGE_SIZE,
  type GroupJoinData,
  type GroupMessage,
  type GroupOnlineUser,
  type GroupPeopleCounts,
  type MutedUserRecord,
  type MuteState,
} from "@heartline/shared";

export interface TypingEntry {
  username: string;
  /** When the typing started or was last confirmed (ms). */
  since: number;
}

/** The group room as this tab knows it: what the server said, kept in the query cache. */
export interface GroupRoomState {
  /** Stored messages, oldest first, unique by id and ordered by `seq`. */
  messages: GroupMessage[];
  /** Older messages exist before `messages[0]`. */
  hasMore: boolean;
  /**
   * The part of the people list this tab shows (the first `peopleLimit`, in `compareGroupPeople` order):
   * the server keeps only that part current (issue #16), never the whole room.
   */
  onlineUsers: GroupOnlineUser[];
  peopleLimit: number;
  /** How many are in the room (online and away), the whole room. */
  peopleCounts: GroupPeopleCounts;
  mutedUsers: MutedUserRecord[];
  /** This user's own mute (spec §4: a muted user cannot post and sees why). */
  mute: MuteState | null;
  typing: Record<string, TypingEntry>;
  /** Gender of everyone seen online, so messages keep their colour after the sender leaves. */
  genders: Record<string, Gender | null>;
}

export const EMPTY_ROOM: GroupRoomState = {
  messages: [],
  hasMore: false,
  onlineUsers: [],
  peopleLimit: GROUP_PEOPLE_PAGE_SIZE,
  peopleCounts: { online: 0, away: 0 },
  mutedUsers: [],
  mute: null,
  typing: {},
  genders: {},
};

/** Merges messages by id (a later copy wins) and orders them by `seq`. */
export function mergeMessages(
  current: readonly GroupMessage[],
  incoming: readonly GroupMessage[],
): GroupMessage[] {
  const byId = new Map<string, GroupMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

export function withGenders(
  genders: Record<string, Gender | null>,
  users: readonly GroupOnlineUser[],
): Record<string, Gender | null> {
  const next = { ...genders };
  for (const user of users) next[user.userId] = user.gender;
  return next;
}

/**
 * The `join_group` ack over what the tab already had. The ack's page is the truth for its range: what
 * the tab holds inside it but the page lacks was deleted while the tab was away. Older pages the tab
 * loaded stay when they join up with the page; after a disconnect long enough to leave a hole between
 * them and the page, they are dropped and the history above the page is paged in again on scroll, so
 * nothing is silently missing.
 */
export function fromJoin(current: GroupRoomState, data: GroupJoinData): GroupRoomState {
  const first = data.messages[0]?.seq;
  const last = data.messages.at(-1)?.seq;
  if (first === undefined || last === undefined) {
    return { ...current, messages: [], hasMore: data.hasMore, ...roomFromJoin(current, data) };
  }
  // Without `hasMore` the page is every message there is. With it, older messages join up with the
  // page only when the tab already had some of the page's range; otherwise a hole may lie between.
  const keepsOlder =
    data.hasMore && current.messages.some((message) => message.seq >= first && message.seq <= last);
  const older = keepsOlder ? current.messages.filter((message) => message.seq < first) : [];
  // Pushed while the join was on its way: newer than the page.
  const newer = current.messages.filter((message) => message.seq > last);
  return {
    ...current,
    messages: mergeMessages([...older, ...newer], data.messages),
    // Older pages kept have their own "more before" answer.
    hasMore: older.length > 0 ? current.hasMore : data.hasMore,
    ...roomFromJoin(current, data),
  };
}

function roomFromJoin(current: GroupRoomState, data: GroupJoinData) {
  return {
    onlineUsers: data.onlineUsers,
    // A join (or a rejoin after a reconnect) shows the first page again.
    peopleLimit: GROUP_PEOPLE_PAGE_SIZE,
    peopleCounts: data.peopleCounts,
    mutedUsers: data.mutedUsers,
    mute: data.mute,
    typing: {},
    genders: withGenders(current.genders, data.onlineUsers),
  };
}

/**
 * Whom the people list marks "muted". Only an admin's room lists the muted (issue #33: a name there
 * could name a confession's author); everyone else sees their own mute alone, as in Discord.
 */
export function mutedIdsOf(room: Pick<GroupRoomState, "mutedUsers" | "mute">, ownId: string): Set<string> {
  const ids = new Set(room.mutedUsers.map((muted) => muted.userId));
  if (room.mute && ownId) ids.add(ownId);
  return ids;
}

/** A message as it reads once its author (or the author it quotes) deleted their account (issue #38). */
function withoutAuthor(message: GroupMessage, userId: string): GroupMessage {
  const deletedUser = DISPLAY_NAME_FALLBACKS.deletedUser;
  const replyTo =
    message.replyTo?.senderId === userId
      ? { ...message.replyTo, senderUsername: deletedUser, senderDeleted: true }
      : message.replyTo;
  const quoted = replyTo ? { replyTo } : {};
  if (message.senderId !== userId) return { ...message, ...quoted };
  return {
    ...message,
    ...quoted,
    senderUsername: deletedUser,
    senderProfileImage: null,
    senderGender: null,
    senderDeleted: true,
  };
}

/**
 * Issue #38 (`group_sender_deleted`): the author deleted their account. Their messages, and quotes of
 * them, read 'Deleted User' at once, as the server now answers them; their colour and typing go too.
 */
export function withSenderDeleted(room: GroupRoomState, userId: string): GroupRoomState {
  const touches = (message: GroupMessage) =>
    message.senderId === userId || message.replyTo?.senderId === userId;
  const { [userId]: _typing, ...typing } = room.typing;
  return {
    ...room,
    messages: room.messages.map((message) => (touches(message) ? withoutAuthor(message, userId) : message)),
    typing,
    genders: { ...room.genders, [userId]: null },
  };
}

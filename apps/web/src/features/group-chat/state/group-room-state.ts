import type {
  Gender,
  GroupJoinData,
  GroupMessage,
  GroupOnlineUser,
  MutedUserRecord,
  MuteState,
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
  onlineUsers: GroupOnlineUser[];
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

/** The `join_group` ack over what the tab already had (a rejoin keeps older pages it loaded). */
export function fromJoin(current: GroupRoomState, data: GroupJoinData): GroupRoomState {
  return {
    ...current,
    messages: mergeMessages(current.messages, data.messages),
    // Older pages already loaded keep their own "more before" answer.
    hasMore: current.messages.length > 0 ? current.hasMore : data.hasMore,
    onlineUsers: data.onlineUsers,
    mutedUsers: data.mutedUsers,
    mute: data.mute,
    typing: {},
    genders: withGenders(current.genders, data.onlineUsers),
  };
}

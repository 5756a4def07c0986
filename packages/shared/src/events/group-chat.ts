import type { Gender } from "../domain/gender";
import type { StreakBadge } from "../domain/streak-badge";
import type { GroupMessageType } from "../schemas/group-chat";
import type { OnlineUserRecord, PresenceStatus } from "./payloads";

/** The quoted original of a reply, as the server stored it (never the client's copy). */
export interface GroupReplyPreview {
  id: string;
  content: string;
  senderId: string;
  senderUsername: string;
  /** Issue #38: the quoted author deleted their account (`senderUsername` is then 'Deleted User'). */
  senderDeleted?: boolean;
  timestamp: number;
  type: GroupMessageType;
}

/** One stored group message (S→C `group_message`, history pages, the `join_group` ack). */
export interface GroupMessage {
  id: string;
  /** Strictly increasing across the room: the history cursor (`before=<seq>`). */
  seq: number;
  content: string;
  type: GroupMessageType;
  senderId: string;
  senderUsername: string;
  senderProfileImage: string | null;
  /** The sender's gender (spec §3 gender colours), so a name keeps its colour while they are offline. */
  senderGender?: Gender | null;
  /**
   * Issue #38: the author deleted their account. The server then answers 'Deleted User' as the name,
   * no picture and no gender, never the name the message was sent under.
   */
  senderDeleted?: boolean;
  timestamp: number;
  replyTo?: GroupReplyPreview;
}

/** The ack of `group_message`: sent only once the row is committed (ARCHITECTURE §5). */
export interface GroupMessageAck {
  id: string;
  timestamp: number;
  seq: number;
  /**
   * The text as stored, after AutoMod masked what its profanity rules mask (issue #38): the sender's
   * copy replaces what they typed, so they see the "****" everyone else sees.
   */
  content: string;
}

/** A person in the group's online list (spec §2 online list: gender colour, online/away). */
export interface GroupOnlineUser extends OnlineUserRecord {
  gender: Gender | null;
  profileImage: string | null;
  status: Exclude<PresenceStatus, "offline">;
  isGuest: boolean;
  /** Highest streak badge ever reached (issue #12: shown in the people list); absent for guests. */
  badge?: StreakBadge | null;
}

/** A mute as its user sees it (spec §3 Muted user). */
export interface MuteState {
  mutedAt: number;
  mutedBy: string;
  reason: string | null;
  /** When a short automatic mute ends (issue #15, AutoMod); null for a mute that lasts until lifted. */
  expiresAt: number | null;
}

/**
 * A muted user as the admins' group clients see it. Spec §6 has every client listen to the muted list;
 * issue #33 keeps it to admins (ARCHITECTURE §9.1): a name appearing in it just after a confession
 * went would name that confession's author.
 */
export interface MutedUserRecord {
  userId: string;
  username: string;
  mutedAt: number;
}

/** The `join_group` ack: what the room looks like right now. */
export interface GroupJoinData {
  /** The latest messages, oldest first (`GROUP_HISTORY_PAGE_SIZE`). */
  messages: GroupMessage[];
  /** Whether older messages exist (page with `GET /api/group/messages?before=<first seq>`). */
  hasMore: boolean;
  /**
   * The people list's first page (`GROUP_PEOPLE_PAGE_SIZE`, in `compareGroupPeople` order), never the
   * whole room: this socket is then kept current for that page (`group_people`); `group_people_window`
   * asks for another part.
   */
  onlineUsers: GroupOnlineUser[];
  /** How many are in the room, online and away (the whole room, not only the page). */
  peopleCounts: GroupPeopleCounts;
  /** Everyone muted, for an admin; empty for everyone else (issue #33). */
  mutedUsers: MutedUserRecord[];
  /** This user's own mute, or null. */
  mute: MuteState | null;
}

/** S→C `group_typing`. */
export interface GroupTypingPayload {
  userId: string;
  username: string;
  isTyping: boolean;
}

/** C→S `group_message` (parsed with `sendGroupMessageSchema`). Image/GIF content is an uploaded `/uploads/…` URL. */
export interface SendGroupMessagePayload {
  id: string;
  content: string;
  type?: GroupMessageType;
  /** Only the id counts: the server quotes its stored original. */
  replyTo?: { id: string };
}

/** How many people are in the group room (S→C `group_people_counts`, coalesced). */
export interface GroupPeopleCounts {
  online: number;
  away: number;
}

/** The `group_people_window` ack: the part of the people list asked for, now. */
export interface GroupPeoplePage {
  offset: number;
  counts: GroupPeopleCounts;
  users: GroupOnlineUser[];
}

/**
 * S→C `group_people`: what changed inside the part of the list this socket shows (and only sent when
 * something there did): `removals` out, `upserts` in (replace by `userId`), then sort with
 * `compareGroupPeople` and cut to the page's length (`applyGroupPeopleDelta`). Coalesced per 250 ms.
 */
export interface GroupPeopleDelta {
  counts: GroupPeopleCounts;
  upserts: GroupOnlineUser[];
  removals: string[];
}

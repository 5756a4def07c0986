/**
 * The one realtime contract (ARCHITECTURE §5). Names the spec fixes are spelled exactly as written.
 * The server parses every payload with its zod schema; these types are what both sides compile against.
 */

import type {
  ConversationMuteState,
  NotificationPushedPayload,
  NotificationsReadPayload,
} from "../api/notifications";
import type { StreakUpdatedPayload } from "../api/streaks";
import type { ConfirmAdultInput, ReportPartnerInput } from "../schemas/random-chat";
import type { Ack } from "./ack";
import type {
  ConfessionCommentCreatedPayload,
  ConfessionCommentRemovedPayload,
  ConfessionCountsPayload,
  ConfessionCreatedPayload,
  ConfessionRemovedPayload,
} from "./confessions";
import type {
  BlockStatePayload,
  ConversationStatePayload,
  DirectMessage,
  DirectMessageStatusPayload,
  FriendRequestUpdatedPayload,
  FriendRequestView,
  SendDirectMessagePayload,
} from "./direct-messages";
import type {
  GroupJoinData,
  GroupMessage,
  GroupMessageAck,
  GroupOnlineUser,
  GroupPeopleCounts,
  GroupPeopleDelta,
  GroupPeoplePage,
  GroupTypingPayload,
  MutedUserRecord,
  MuteState,
  SendGroupMessagePayload,
} from "./group-chat";
import type {
  AiStatusPayload,
  BanIdentity,
  BannedUserRecord,
  ChatMessage,
  JoinRandomPayload,
  LineStatusPayload,
  MatchedPayload,
  OnlineStatusPayload,
  OnlineUserRecord,
  PresenceStatus,
  SendChatMessagePayload,
  SessionPayload,
  WaitingPayload,
} from "./payloads";

export type * from "./ack";
export type * from "./confessions";
export type * from "./direct-messages";
export type * from "./group-chat";
export type * from "./payloads";

export interface ClientToServerEvents {
  // presence (foundation)
  request_online_users: () => void;
  update_route: (route: string) => void;
  // Required (not optional) so `socket.timeout(ms).emit("ping", (err, result) => …)` types the ack.
  ping: (ack: Ack<{ time: number }>) => void;
  update_online_status: (payload: OnlineStatusPayload) => void;
  "status:update": (status: PresenceStatus) => void;
  // random chat
  join: (payload: JoinRandomPayload, ack?: Ack) => void;
  chat_message: (payload: SendChatMessagePayload, ack: Ack<{ id: string; timestamp: number }>) => void;
  typing: (payload: { isTyping: boolean }) => void;
  end_chat: (payload?: Record<string, never>, ack?: Ack) => void;
  next: (payload?: Record<string, never>, ack?: Ack) => void;
  /** While the AI fills in: leave it for the person the server found (after `person_available`). */
  switch_to_person: (payload?: Record<string, never>, ack?: Ack) => void;
  report_partner: (payload: ReportPartnerInput, ack: Ack<{ reportId: string }>) => void;
  /** While searching: the line's status now (polled every few seconds by the waiting screen). */
  line_status: (ack: Ack<LineStatusPayload>) => void;
  /** The 18+ confirmation; a visitor then gets a new `session` whose token records it. */
  confirm_adult: (payload: ConfirmAdultInput, ack?: Ack) => void;
  // group chat (only signed-in guests and verified users; ban and mute re-checked on every event)
  /** Ack: the latest messages, the online list, the muted list and this user's mute. */
  join_group: (payload: Partial<BanIdentity> | undefined, ack: Ack<GroupJoinData>) => void;
  leave_group: (ack?: Ack) => void;
  /** `SendGroupMessageInput`; acked after commit; a retried id answers the stored row, no new broadcast. */
  group_message: (payload: SendGroupMessagePayload, ack: Ack<GroupMessageAck>) => void;
  group_typing: (payload: { isTyping: boolean }) => void;
  /**
   * `GroupPeopleWindowInput`: the part of the people list this client shows (the join shows the first
   * page). The ack carries it; from then on only changes inside it are pushed (`group_people`).
   */
  group_people_window: (payload: { offset: number; limit: number }, ack: Ack<GroupPeoplePage>) => void;
  /** The sender's own identity and device decide; the payload is ignored (spec §7 shape kept). */
  check_if_banned: (payload: Partial<BanIdentity> | undefined, ack: Ack<{ banned: boolean }>) => void;
  /** Admins only (ARCHITECTURE §9.4): unbans `username`; anyone else gets `forbidden`. */
  force_unban_user: (payload: BanIdentity, ack?: Ack<{ unbanned: boolean }>) => void;
  // direct messages (registered, verified users; blocks re-checked on every send)
  /**
   * `SendDirectMessageInput`; acked with the stored message only after commit. A retried id answers the
   * stored row to its own sender (no second broadcast) and `conflict` to anyone else.
   */
  direct_message: (payload: SendDirectMessagePayload, ack: Ack<DirectMessage>) => void;
  direct_message_typing: (payload: { receiverId: string; isTyping: boolean }) => void;
  /** The receiver's client got the partner's messages up to `upToSeq`: the sender's ticks turn delivered. */
  direct_message_delivered: (payload: { partnerId: string; upToSeq: number }) => void;
  // confession wall (the group chat guard: guests and verified users, not banned)
  /** Enter the `confessions` room on this node: the wall's live pushes follow. */
  join_confession_wall: (ack?: Ack) => void;
  leave_confession_wall: (ack?: Ack) => void;
}

export interface ServerToClientEvents {
  // presence (foundation)
  /** The number of connected people (the header count). */
  online_users: (payload: number | OnlineUserRecord[]) => void;
  "users:online": (userIds: string[]) => void;
  "user:status": (payload: { userId: string; status: PresenceStatus }) => void;
  userStatusChanged: (payload: { userId: string; username: string; isOnline: boolean }) => void;
  adminStatusChanged: (payload: { isAdmin: boolean }) => void;
  /**
   * A user deleted their account (spec §4): partners show 'Deleted User' from now on. Only to the
   * people they had to do with (friends, friend requests, DM partners) and their own sockets (issue #33).
   */
  user_deleted: (payload: { userId: string }) => void;
  /** This user's account changed on the server (verified, upgraded, profile edited): refetch it. */
  account_updated: (payload: { userId: string }) => void;
  /** Sent right after connecting. */
  session: (payload: SessionPayload) => void;
  /**
   * This socket's session was signed out, expired or revoked elsewhere: the server disconnects the
   * socket right after. The client drops its signed-in state and may reconnect as a visitor.
   */
  session_ended: (payload: { message: string }) => void;
  // random chat
  ai_status: (payload: AiStatusPayload) => void;
  /** While chatting with the AI: a compatible person is waiting; the client offers the switch. */
  person_available: () => void;
  waiting: (payload: WaitingPayload) => void;
  matched: (payload: MatchedPayload) => void;
  chat_message: (payload: ChatMessage) => void;
  partner_typing: (payload: { isTyping: boolean }) => void;
  partner_left: (payload: { reason: "ended" | "disconnected" }) => void;
  // group chat and moderation
  group_message: (payload: GroupMessage) => void;
  group_message_deleted: (payload: { id: string }) => void;
  /**
   * Issue #38: the author of group messages deleted their account: the room shows those messages (and
   * quotes of them) as 'Deleted User' from now on. To the group room, only when they wrote there.
   */
  group_sender_deleted: (payload: { userId: string }) => void;
  group_typing: (payload: GroupTypingPayload) => void;
  /**
   * Changes inside the part of the people list this socket shows (coalesced; nothing when that part did
   * not change): joins and leaves are never broadcast one by one to the whole room (issue #16).
   */
  group_people: (payload: GroupPeopleDelta) => void;
  /** The room's online and away counts, to everyone in it, coalesced (slower in big rooms). */
  group_people_counts: (payload: GroupPeopleCounts) => void;
  /** To admins only: the latest 50 bans after any change. */
  banned_users_updated: (payload: BannedUserRecord[]) => void;
  /** To admins only after any mute change (issue #33; spec §6 had every client listen). */
  muted_users_updated: (payload: MutedUserRecord[]) => void;
  /** To the muted user's sockets. */
  user_muted: (payload: MuteState & { userId: string; username: string }) => void;
  user_unmuted: (payload: { userId: string; username: string; unmutedBy: string }) => void;
  user_unbanned: (payload: { username: string; unbannedBy: string; userId: string }) => void;
  user_banned: (payload: { username: string; userId: string; bannedBy: string }) => void;
  // direct messages
  /** A stored message, to every tab of its sender and its receiver on every node. */
  direct_message: (payload: DirectMessage) => void;
  direct_message_typing: (payload: { senderId: string; isTyping: boolean }) => void;
  /** To the sender: their messages up to `upToSeq` were delivered or read. */
  direct_message_status: (payload: DirectMessageStatusPayload) => void;
  /** To every tab of this user: a conversation's unread count, read position or hidden flag changed. */
  conversation_state: (payload: ConversationStatePayload) => void;
  /** To every tab of this user: this user blocked or unblocked someone. */
  block_state: (payload: BlockStatePayload) => void;
  // friends
  /** To both users: a new pending request (the receiver sees `incoming`, the sender `outgoing`). */
  friend_request: (payload: FriendRequestView) => void;
  /** To both users: a request was accepted, declined or cancelled, or a friend removed. */
  friend_request_updated: (payload: FriendRequestUpdatedPayload) => void;
  // streaks
  /** To every tab of both friends after a message changed their streak (spec §4). */
  streak_updated: (payload: StreakUpdatedPayload) => void;
  // notifications (issue #40)
  /** To every tab of this user: a new or updated inbox item. */
  notification: (payload: NotificationPushedPayload) => void;
  /** To every tab of this user: items were read on some tab or device. */
  notifications_read: (payload: NotificationsReadPayload) => void;
  /** To every tab of this user: a conversation was muted or unmuted on some tab or device. */
  notification_mute: (payload: ConversationMuteState) => void;
  // confession wall (to the `confessions` room; no payload names an author)
  /** A new confession: clients show "N new confessions" rather than jumping. */
  confession_created: (payload: ConfessionCreatedPayload) => void;
  /** Deleted by its author or removed by an admin. */
  confession_removed: (payload: ConfessionRemovedPayload) => void;
  /** Reaction and comment counts changed (coalesced per confession). */
  confession_counts: (payload: ConfessionCountsPayload) => void;
  confession_comment_created: (payload: ConfessionCommentCreatedPayload) => void;
  confession_comment_removed: (payload: ConfessionCommentRemovedPayload) => void;
}

/** Between server nodes (through the Redis adapter), never from a client. */
export interface InterServerEvents {
  /**
   * Each node keeps the whole room's people list: a node's own changes go to the others as one coalesced
   * delta (`upserts`, `removals` of its members), and every 30 s as a full snapshot (`isSnapshot`: replace
   * what is known of that node; an empty snapshot when it stops). A node not heard from for 75 s is dropped.
   */
  group_people_sync: (payload: GroupPeopleNodeSync) => void;
  /** A starting node asks the others for their members (each answers with a snapshot). */
  group_people_snapshot: (callback: (payload: GroupPeopleNodeSync) => void) => void;
  /** This node's online count changed: every other node reads the total and pushes it to its own sockets. */
  online_count_changed: () => void;
  /** An admin changed the AutoMod rules (issue #15): every other node reloads its compiled copy. */
  automod_rules_changed: () => void;
  /** A ban, unban, mute or unmute was stored: each other node drops the bans and mutes it holds, then answers. */
  moderation_standing_changed: (done: () => void) => void;
  /**
   * A user's sessions or identity changed (sign-out, password, verification, role, deletion): each other
   * node drops the handshake identities it remembers of them (ADR 0022), then answers.
   */
  identity_changed: (userId: string, done: () => void) => void;
}

/** One node's members of the group room, or a change to them (between nodes). */
export interface GroupPeopleNodeSync {
  nodeId: string;
  isSnapshot: boolean;
  upserts: GroupOnlineUser[];
  removals: string[];
}

/** What the server binds to a socket at the handshake; never taken from the client (ARCHITECTURE §5). */
export interface SocketData {
  /** Server-issued: a signed-in user's id, or a visitor id for people without an account. */
  userId: string;
  isVisitor: boolean;
  /** The route the client last reported with `update_route`. */
  route: string;
  /** From the session's user row at the handshake (null for visitors). Never from the client. */
  username: string | null;
  /** A guest (anonymous Better Auth user); false for visitors and registered users. */
  isGuest: boolean;
  emailVerified: boolean;
  /** The role at the handshake. Authorisation re-reads it from the database; this is for display. */
  isAdmin: boolean;
  /**
   * The 18+ confirmation random chat needs (issue 14): from the visitor token, or true for a session
   * (sign-up and guest creation already required a date of birth of 18 or more, spec §8).
   */
  isAdultConfirmed?: boolean;
  /** The Better Auth session id of this socket (null for visitors), so a sign-out closes exactly its sockets. */
  sessionId: string | null;
  /** The browser's device id (HttpOnly cookie), so a ban also covers a new guest from that browser. */
  deviceId?: string | null;
  /** The client's address as the server resolved it (TRUST_PROXY), for per-address limits. */
  clientIp?: string;
  /** Set while in the group room: what the online list shows (read by `fetchSockets` on every node). */
  group?: GroupPresence | null;
}

/** What a group member's socket carries for the online list. */
export interface GroupPresence {
  username: string;
  gender: GroupOnlineUser["gender"];
  profileImage: string | null;
  isGuest: boolean;
  status: GroupOnlineUser["status"];
  /** Highest streak badge ever reached, read once when the socket joins (registered users only). */
  badge?: GroupOnlineUser["badge"];
}

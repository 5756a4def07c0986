import type { Gender } from "../domain/gender";
import type { PresenceStatus } from "./payloads";

/** The quoted original of a direct-message reply, as the server stored it (never the client's copy). */
export interface DirectReplyPreview {
  id: string;
  content: string;
  senderId: string;
  timestamp: number;
  type: DirectMessageType;
}

export type DirectMessageType = "text" | "image" | "gif" | "system";
export type DirectMessageStatus = "sent" | "delivered" | "read";

/**
 * One stored direct message (ARCHITECTURE §5): S→C `direct_message` to `user:{sender}` and
 * `user:{receiver}` on every node, the ack of a send, and the rows of history pages.
 */
export interface DirectMessage {
  id: string;
  /** spec §3: the two user ids sorted and joined by '-'. */
  conversationId: string;
  /** Strictly increasing per conversation: the history and catch-up cursor. */
  seq: number;
  senderId: string;
  receiverId: string;
  content: string;
  type: DirectMessageType;
  status: DirectMessageStatus;
  replyTo?: DirectReplyPreview;
  timestamp: number;
  /**
   * Issue #15: AutoMod judged this image explicit. The receiver sees it blurred, with "Show image"
   * only when they chose to see such images (`AccountUser.showSensitiveImages`). Absent otherwise.
   */
  sensitive?: true;
}

/** C→S `direct_message` (parsed with `sendDirectMessageSchema`). */
export interface SendDirectMessagePayload {
  id: string;
  receiverId: string;
  content: string;
  type?: "text" | "image" | "gif";
  replyToId?: string;
}

/** S→C `direct_message_status` to the sender: every message of theirs up to `upToSeq` reached `status`. */
export interface DirectMessageStatusPayload {
  conversationId: string;
  upToSeq: number;
  status: "delivered" | "read";
}

/**
 * S→C `conversation_state` to `user:{self}` (every tab of the user, every node) after this user read,
 * hid or unhid a conversation, or a new message changed its unread count or unhid it.
 */
export interface ConversationStatePayload {
  partnerId: string;
  conversationId: string;
  hidden: boolean;
  unreadCount: number;
  lastReadSeq: number;
  /** Set when a new incoming message unhid the conversation (spec §4: highlight it). */
  unhiddenByMessage?: boolean;
}

/** The other person of a conversation, a friend or a request, as lists show them. */
export interface SocialUser {
  id: string;
  /** 'Deleted User' when the account is gone (spec §4). */
  username: string;
  profileImage: string | null;
  gender: Gender | null;
  isDeleted: boolean;
}

/** One row of `GET /api/conversations` (newest first). */
export interface ConversationSummary {
  conversationId: string;
  partner: SocialUser;
  lastMessage: {
    id: string;
    content: string;
    type: DirectMessageType;
    senderId: string;
    timestamp: number;
    seq: number;
  } | null;
  unreadCount: number;
  hidden: boolean;
  lastReadSeq: number;
  updatedAt: number;
}

/** `GET /api/conversations/:partnerId`: who the partner is and how this user stands with them. */
export interface ConversationDetail {
  partner: SocialUser;
  /** null until the first message. */
  conversation: ConversationSummary | null;
  /** This user blocked the partner. */
  blockedByMe: boolean;
  /** The partner and this user are accepted friends. */
  isFriend: boolean;
  /** The partner's presence now (then `user:status` pushes); null when either blocked the other. */
  partnerStatus: PresenceStatus | null;
}

/** One page of a thread, oldest first. */
export interface DirectMessagePage {
  messages: DirectMessage[];
  /** More older messages exist (for `before` / the newest page) or more newer ones (for `after`). */
  hasMore: boolean;
}

/** A pending friend request as lists and the S→C `friend_request` push show it (spec §3). */
export interface FriendRequestView {
  id: string;
  /** incoming: the other user sent it to me; outgoing: I sent it. */
  direction: "incoming" | "outgoing";
  /** The other person. */
  user: SocialUser;
  createdAt: number;
}

/** S→C `friend_request_updated` to both users: the request (or friendship) changed. */
export interface FriendRequestUpdatedPayload {
  id: string;
  status: "accepted" | "declined" | "cancelled" | "removed";
  /** The other person from the receiving user's point of view. */
  userId: string;
}

/** One friend (spec §3 Friend profile) on the friends page. */
export interface FriendView extends SocialUser {
  status: PresenceStatus;
  lastActive: number | null;
  /** Since when they are friends (ms). */
  friendsSince: number;
}

/** S→C `block_state` to `user:{blocker}` (every tab): the block list changed. */
export interface BlockStatePayload {
  userId: string;
  blocked: boolean;
}

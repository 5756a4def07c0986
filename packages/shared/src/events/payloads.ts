import type { Gender, Preference } from "../domain/gender";
import type { LanguageCode } from "../domain/languages";

/** One person in the online list (spec §7 `online_users`). */
export interface OnlineUserRecord {
  userId: string;
  username: string;
}

export type PresenceStatus = "online" | "away" | "offline";

export interface JoinRandomPayload {
  gender: Gender;
  preference: Preference;
  interests?: string[];
  /** "Languages I speak", at most 3 (issue #39): a shared language ranks a partner first. */
  languages?: LanguageCode[];
  /** The user's setting: may an AI companion fill in while nobody is found (default true). */
  allowAI?: boolean;
}

/** Who the server says this socket is (ARCHITECTURE §5: identity comes from the server). */
export interface SessionPayload {
  userId: string;
  isVisitor: boolean;
  /** Signed token a visitor presents at the next handshake to keep the same visitor id. */
  visitorToken?: string;
  /** Whether this person confirmed 18+ for random chat; the page asks once when false (issue 14). */
  isAdultConfirmed?: boolean;
}

/** Whether the AI companion can fill in right now (off without configuration, or after 5 errors). */
export interface AiStatusPayload {
  available: boolean;
}

export interface ReplyPreview {
  id: string;
  content: string;
  /**
   * In a random chat: the quoted author's per-pair alias, or the receiver's own id when the receiver
   * wrote the original (never the partner's account id).
   */
  senderId: string;
  timestamp: number;
  type: MessageType;
}

export type MessageType = "text" | "image" | "gif" | "system";

export interface SendChatMessagePayload {
  id: string;
  content: string;
  type: MessageType;
  replyTo?: ReplyPreview;
}

export interface ChatMessage {
  id: string;
  content: string;
  /** In a random chat: the sender's per-pair alias (`matched.partner.id`), never the account id. */
  senderId: string;
  timestamp: number;
  type: MessageType;
  replyTo?: ReplyPreview;
}

/**
 * How the line looks to someone searching (issue 14: waiting alone): how many people are searching
 * now, and whether the rematch cooldown is what keeps them from the one compatible person waiting
 * (their partner just left). Cheap to compute: a count and a few lookups, never a scan of the line.
 */
export interface LineStatusPayload {
  searching: number;
  isHeldByCooldown: boolean;
}

/** `waiting`: in the line since `since` (server clock), with the line's status when not matched at once. */
export interface WaitingPayload extends Partial<LineStatusPayload> {
  since: number;
}

export interface MatchedPayload {
  roomId: string;
  /**
   * `id` is an opaque alias of the partner for this pair only (ARCHITECTURE §5): stable for the
   * chat, different in the next one, never an account id (so it opens no profile). An AI companion
   * is `ai-<persona>`. Messages from the partner carry the same id as `senderId`.
   */
  partner: { id: string; gender: Gender; isAI: boolean; name?: string };
  /** The interests both people gave (issue 14: "You both like hiking"); absent when none. */
  sharedInterests?: string[];
}

export interface OnlineStatusPayload {
  username: string;
  isOnline: boolean;
  isAway: boolean;
  isRefreshing?: boolean;
  lastActive: number;
}

export interface BanIdentity {
  username: string;
  userId: string;
}

export interface BannedUserRecord {
  username: string;
  userId: string;
  bannedBy: string;
  bannedAt: number;
  reason?: string;
}

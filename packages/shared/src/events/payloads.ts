import type { Gender, Preference } from "../domain/gender";

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
}

export interface ReplyPreview {
  id: string;
  content: string;
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
  senderId: string;
  timestamp: number;
  type: MessageType;
  replyTo?: ReplyPreview;
}

export interface MatchedPayload {
  roomId: string;
  partner: { id: string; gender: Gender; isAI: boolean; name?: string };
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

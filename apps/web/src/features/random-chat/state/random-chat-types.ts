import type {
  ChatMessage,
  Gender,
  MatchedPayload,
  MessageType,
  Preference,
  ReplyPreview,
} from "@heartline/shared";

/** spec §4 Random chat session: idle → searching → waiting → connected → ended. */
export type RandomChatPhase = "idle" | "searching" | "waiting" | "connected" | "ended";

/** Why a chat ended: each has its own system message and ended view. */
export type EndReason = "partner-left" | "partner-disconnected" | "you-left" | "error";

export type MessageStatus = "pending" | "sent" | "failed";

/** Which system line a system message is, so it is shown in the language of the moment (issue #39). */
export type SystemMessageKind =
  | "connected"
  | "ai-connected"
  | "partner-left"
  | "partner-disconnected"
  | "you-left";

/** spec §3 Random chat message (client), plus the local delivery status of one's own sends. */
export interface RandomChatMessage {
  id: string;
  /** A system message's English text (its `systemKind` is what is shown). */
  content: string;
  systemKind?: SystemMessageKind;
  /** The AI companion's name, for an "ai-connected" line. */
  systemName?: string;
  senderId: string;
  timestamp: number;
  isSystem: boolean;
  type: MessageType;
  replyTo?: ReplyPreview;
  status: MessageStatus;
}

export type ChatPartner = MatchedPayload["partner"];

/** spec §3 Random chat session state (client), with the partner's details and the local phase. */
export interface RandomChatContext {
  phase: RandomChatPhase;
  userId: string;
  partnerId: string | null;
  partner: ChatPartner | null;
  roomId: string | null;
  messages: RandomChatMessage[];
  isTyping: boolean;
  isPartnerTyping: boolean;
  isWaiting: boolean;
  isSearching: boolean;
  isConnected: boolean;
  realUserCount: number;
  simulatedUserCount: number;
  chatsStarted: number;
  gender: Gender | null;
  preference: Preference | null;
  interests: string[];
  /** While chatting with the AI: the server found a compatible person (the switch is offered). */
  personAvailable: boolean;
  /** The message being replied to (shown above the composer). */
  selectedMessage: ReplyPreview | null;
  /** When the server put us in the line (its clock), for the elapsed time. */
  waitingSince: number | null;
  endReason: EndReason | null;
  /**
   * When the last chat with a person ended (client clock): "Report last partner" stays offered for
   * `REPORT_WINDOW_MS` after it, on the ended screen and while searching again (issue 14).
   */
  lastPartnerEndedAt: number | null;
  /** While searching: how many people are searching (server count); null until it says. */
  searchingCount: number | null;
  /** While searching: the rematch cooldown is what holds back the one compatible person. */
  isHeldByCooldown: boolean;
  /** The interests both gave, sent with `matched` ("You both like hiking"). */
  sharedInterests: string[];
  /** Whether the AI companion can fill in (server `ai_status`); null until the server says. */
  aiAvailable: boolean | null;
  /** The last refused action (join, send, switch), shown inline with the server's message. */
  error: string | null;
}

export type RandomChatEvent =
  | { type: "SESSION"; userId: string }
  | { type: "AI_STATUS"; available: boolean }
  | { type: "SET_CHOICES"; gender?: Gender; preference?: Preference; interests?: string[] }
  | { type: "START" }
  | { type: "JOIN_ACKED" }
  | { type: "JOIN_FAILED"; message: string }
  | { type: "WAITING"; since: number; searching?: number; isHeldByCooldown?: boolean }
  | { type: "LINE_STATUS"; searching: number; isHeldByCooldown: boolean }
  /** Waiting alone: search again with preference "anyone". */
  | { type: "WIDEN" }
  | { type: "MATCHED"; roomId: string; partner: ChatPartner; sharedInterests?: string[]; at: number }
  | { type: "MESSAGE_SENT"; id: string; content: string; at: number }
  | { type: "MESSAGE_RETRY"; id: string }
  | { type: "MESSAGE_ACKED"; id: string; timestamp: number }
  | { type: "MESSAGE_FAILED"; id: string; message: string }
  | { type: "MESSAGE_RECEIVED"; message: ChatMessage }
  | { type: "TYPING"; isTyping: boolean }
  | { type: "PARTNER_TYPING"; isTyping: boolean }
  | { type: "PARTNER_LEFT"; reason: "ended" | "disconnected"; at: number }
  | { type: "END"; at: number }
  | { type: "NEXT"; at: number }
  /** The last partner was reported: "Report last partner" is not offered again for them. */
  | { type: "REPORTED" }
  | { type: "PERSON_AVAILABLE" }
  | { type: "SWITCHED" }
  | { type: "ACTION_FAILED"; message: string }
  | { type: "DISCONNECTED"; at: number }
  | { type: "RECONNECTED"; at: number }
  | { type: "SELECT_REPLY"; messageId: string | null }
  | { type: "REAL_COUNT"; count: number }
  | { type: "SIMULATED_COUNT"; count: number }
  | { type: "RESET" }
  | { type: "CLEAR"; userId: string };

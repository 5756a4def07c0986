import type {
  ConversationDetail,
  ConversationSummary,
  DirectMessagePage,
  FriendRequestView,
  FriendView,
} from "../events/direct-messages";

/**
 * The friends, blocks and direct-message HTTP contract (ARCHITECTURE §6). Every route needs a
 * registered user with a verified e-mail: visitors get 401 `unauthorized`, guests and unverified users
 * 403 `forbidden` with the message of `DM_ERROR_MESSAGES.registeredOnly` / `FRIEND_ERROR_MESSAGES.registeredOnly`.
 * Errors use the one shape `{ error: { code, message } }`.
 */
export const SOCIAL_PATHS = {
  /**
   * GET `?before=<nextCursor>&limit=<1…50>` → `ConversationList`: one page, newest activity first,
   * hidden ones included with `hidden: true` (ADR 0010).
   */
  conversations: "/api/conversations",
  /**
   * GET → `ConversationDetail`; 404 `not_found` with `userDeletedMessage(id)` or `userNotFoundMessage(id)`
   * (spec §5 Starting a conversation).
   */
  conversation: (partnerId: string) => `/api/conversations/${encodeURIComponent(partnerId)}`,
  /** GET `?before=|after=&limit=` → `DirectMessagePage` (same 404s as above). */
  conversationMessages: (partnerId: string) => `/api/conversations/${encodeURIComponent(partnerId)}/messages`,
  /**
   * POST → `ConversationStatePayload`. Within 3 s of an unhide the read is ignored (spec §4): the answer is
   * the unchanged state, still unread; the client reads again once the 3 s are over.
   */
  conversationRead: (partnerId: string) => `/api/conversations/${encodeURIComponent(partnerId)}/read`,
  /** POST → `ConversationStatePayload`. */
  conversationHide: (partnerId: string) => `/api/conversations/${encodeURIComponent(partnerId)}/hide`,
  conversationUnhide: (partnerId: string) => `/api/conversations/${encodeURIComponent(partnerId)}/unhide`,
  /** POST multipart (field `file`) → `{ url }`: an image or GIF for a direct message (sender's own upload). */
  dmImages: "/api/dm/images",
  /**
   * GET (issue #33): a direct-message image, at the address its message shows, to the pair only (404
   * `not_found` for anyone else, signed out included), cached privately. To the receiver an image
   * AutoMod blurred comes as its blurred rendition; `revealedDmImageUrl(url)` gives them the original
   * (403 `forbidden` unless they turned on "Show sensitive images in direct messages").
   */
  dmImage: "/uploads/users/:ownerId/dm/:file",
  /** GET → `{ blockedIds: string[] }`; POST `{ userId }` → `{ blocked: true }`. */
  blocks: "/api/blocks",
  /** DELETE → `{ blocked: false }`. */
  block: (userId: string) => `/api/blocks/${encodeURIComponent(userId)}`,
  /** GET → `FriendList`. */
  friends: "/api/friends",
  /** DELETE → `{ removed: boolean }` (removes the friendship, either direction). */
  friend: (userId: string) => `/api/friends/${encodeURIComponent(userId)}`,
  /** GET → `FriendRequestList`; POST `SendFriendRequestInput` → `SendFriendRequestResult`. */
  friendRequests: "/api/friend-requests",
  /** POST → `{ status: "accepted" }`. */
  acceptFriendRequest: (id: string) => `/api/friend-requests/${encodeURIComponent(id)}/accept`,
  /** POST → `{ status: "declined" }`. */
  declineFriendRequest: (id: string) => `/api/friend-requests/${encodeURIComponent(id)}/decline`,
  /** DELETE → `{ status: "cancelled" }` (the sender withdraws a pending request). */
  friendRequest: (id: string) => `/api/friend-requests/${encodeURIComponent(id)}`,
} as const;

/** One page of `GET /api/conversations` (ADR 0010). */
export interface ConversationList {
  conversations: ConversationSummary[];
  /** Sum of unread counts over ALL the user's conversations that are not hidden (not only this page's). */
  totalUnread: number;
  /** Pass as `before` for the next (older) page; null on the last page. Opaque. */
  nextCursor: string | null;
}

export type { ConversationDetail, DirectMessagePage };

export interface FriendList {
  friends: FriendView[];
}

export interface FriendRequestList {
  incoming: FriendRequestView[];
  outgoing: FriendRequestView[];
}

/**
 * `POST /api/friend-requests`: `pending` with the new request, or `accepted` when the other user had
 * already asked (a request to someone who already sent you one accepts it).
 */
export type SendFriendRequestResult =
  | { status: "pending"; request: FriendRequestView }
  | { status: "accepted"; friend: FriendView };

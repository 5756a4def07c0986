import { z } from "zod";
import { boundedString } from "../schemas/bounded-string";
import { groupMessageIdSchema } from "../schemas/group-chat";

/**
 * Notifications (issue #40): Web Push per device and the in-app inbox, for registered users. The
 * HTTP contract (ARCHITECTURE §6) and the two pushes over the socket (`notification`,
 * `notifications_read`). Every body the server reads is parsed with a schema here.
 */
export const NOTIFICATION_PATHS = {
  /** GET → `NotificationInbox` (newest first, at most `NOTIFICATION_INBOX_LIMIT`). */
  inbox: "/api/notifications",
  /** POST `MarkNotificationsReadInput` → `{ unreadCount }`; every tab and device hears `notifications_read`. */
  read: "/api/notifications/read",
  /** GET | PUT `NotificationSettings` (PUT takes `notificationSettingsSchema`, partial). */
  settings: "/api/notifications/settings",
  /** POST `TurnOffKindInput`: the notification's one-tap "turn off" action (the service worker calls it). */
  turnOff: "/api/notifications/turn-off",
  /** GET → `{ publicKey }`: the VAPID application server key (base64url). */
  vapidKey: "/api/notifications/vapid-key",
  /** PUT `PushSubscriptionInput` (this device's subscription) | DELETE (this device's, unsubscribed). */
  subscription: "/api/notifications/subscription",
  /**
   * GET → `ConversationMuteState` | PUT (mute) | DELETE (unmute): notifications of one conversation (by
   * the other person's id). PUT and DELETE answer the new state; every tab hears `notification_mute`.
   */
  mute: (userId: string) => `/api/notifications/mutes/${encodeURIComponent(userId)}`,
} as const;

/** What a user can switch on or off (Settings, the notification's action). */
export const NOTIFICATION_CATEGORIES = ["messages", "friends", "comments", "streaks"] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** Each event kind and the category that switches it. */
export const NOTIFICATION_KINDS = {
  direct_message: "messages",
  friend_request: "friends",
  friend_accepted: "friends",
  confession_comment: "comments",
  comment_reply: "comments",
  streak_ending: "streaks",
} as const satisfies Record<string, NotificationCategory>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

/** The newest items the inbox keeps and shows. */
export const NOTIFICATION_INBOX_LIMIT = 50;
/** Caps of what a notification carries (a preview is cut to this many characters). */
export const NOTIFICATION_TEXT_MAX = 160;

/** Settings texts (exact, shown as they are). */
export const NOTIFICATION_TEXTS = {
  categories: {
    messages: "Direct messages",
    friends: "Friend requests",
    comments: "Comments on my confessions",
    streaks: "Streak reminders",
  },
  newMessageFrom: (name: string) => `New message from ${name}`,
  friendRequest: (name: string) => `${name} sent you a friend request`,
  friendAccepted: (name: string) => `${name} accepted your friend request`,
  confessionComment: "Someone commented on your confession",
  commentReply: "Someone replied to your comment",
  streakEnding: (count: number, name: string) => `Your 🔥 ${count} with ${name} ends at midnight`,
  turnOff: "Turn off these",
  registeredOnly: "Notifications are for registered users with a verified e-mail.",
  subscriptionRefused: "This push subscription cannot be used.",
} as const;

/** One inbox item, as the inbox and the push payload carry it. */
export interface NotificationItem {
  id: string;
  kind: NotificationKind;
  /** One per thread (a conversation, a confession…): a newer event replaces it (and the push's `tag`). */
  tag: string;
  title: string;
  body: string;
  /** The in-app path the click opens (`/group-chat/dm/{id}`, `/group-chat/confession-wall?c=…`). */
  url: string;
  /** How many events this item stands for (3 messages of one conversation). */
  count: number;
  /** ms since the epoch of the newest event. */
  at: number;
  read: boolean;
}

export interface NotificationInbox {
  items: NotificationItem[];
  unreadCount: number;
}

/** S→C `notification`: a new or updated item, to every tab of the user. */
export interface NotificationPushedPayload {
  item: NotificationItem;
  unreadCount: number;
}

/** S→C `notifications_read`: items read on some tab or device (`ids`, or every one with `all`). */
export interface NotificationsReadPayload {
  ids: string[];
  all: boolean;
  unreadCount: number;
}

/** A conversation's mute (GET/PUT/DELETE `NOTIFICATION_PATHS.mute`, S→C `notification_mute`). */
export interface ConversationMuteState {
  /** The other person of the conversation. */
  partnerId: string;
  muted: boolean;
}

/** The Web Push payload (JSON, encrypted per RFC 8291): the item and the action's category. */
export interface NotificationPushPayload {
  item: NotificationItem;
  category: NotificationCategory;
  /** The action button's title (`NOTIFICATION_TEXTS.turnOff`). */
  turnOffTitle: string;
}

const minuteOfDay = z.number().int().min(0).max(1439);

/** The user's settings (defaults: every category on, no previews, no quiet hours). */
export const notificationSettingsSchema = z
  .object({
    categories: z
      .object({
        messages: z.boolean(),
        friends: z.boolean(),
        comments: z.boolean(),
        streaks: z.boolean(),
      })
      .strict()
      .partial(),
    /** Show a message's text in its notification (otherwise "New message from X"). */
    previews: z.boolean(),
    /** Quiet hours: no push between these minutes of the day in `timeZone` (null: none). */
    quietHours: z.object({ start: minuteOfDay, end: minuteOfDay }).strict().nullable(),
    /** The user's IANA time zone (the browser's), for quiet hours. */
    timeZone: boundedString(64).refine(isTimeZone, "Unknown time zone"),
  })
  .strict()
  .partial();
export type NotificationSettingsInput = z.infer<typeof notificationSettingsSchema>;

export interface NotificationSettings {
  categories: Record<NotificationCategory, boolean>;
  previews: boolean;
  quietHours: { start: number; end: number } | null;
  timeZone: string;
  /** Whether this device has a push subscription stored (by the device cookie). */
  thisDeviceSubscribed: boolean;
}

export const DEFAULT_NOTIFICATION_SETTINGS: Omit<NotificationSettings, "thisDeviceSubscribed"> = {
  categories: { messages: true, friends: true, comments: true, streaks: true },
  previews: false,
  quietHours: null,
  timeZone: "UTC",
};

/** base64url characters (trailing `=` padding allowed), at least one: a key of a subscription. */
export function isBase64Url(value: string): boolean {
  let end = value.length;
  while (end > 0 && value[end - 1] === "=") end -= 1;
  const body = value.slice(0, end);
  if (body.length === 0) return false;
  for (const char of body) {
    const letter = (char >= "a" && char <= "z") || (char >= "A" && char <= "Z");
    if (!letter && !(char >= "0" && char <= "9") && char !== "-" && char !== "_") return false;
  }
  return true;
}

/** The WHATWG `URL` of the runtime (Node and browsers; this package compiles without their libs). */
const WhatwgUrl = (
  globalThis as unknown as {
    URL: { canParse(value: string): boolean; new (value: string): { protocol: string } };
  }
).URL;

/** An absolute http(s) URL (the server refuses anything but a push service's https host later). */
export function isHttpUrl(value: string): boolean {
  if (!WhatwgUrl.canParse(value)) return false;
  const { protocol } = new WhatwgUrl(value);
  return protocol === "https:" || protocol === "http:";
}

const base64url = (max: number) => boundedString(max).refine(isBase64Url, "Not base64url");

/** A browser's `PushSubscription.toJSON()` (the keys are base64url). */
export const pushSubscriptionSchema = z.object({
  endpoint: boundedString(2048).refine(isHttpUrl, "Invalid push endpoint"),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(64) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const markNotificationsReadSchema = z.union([
  z.object({ ids: z.array(groupMessageIdSchema).min(1).max(NOTIFICATION_INBOX_LIMIT) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadSchema>;

export const turnOffKindSchema = z.object({ category: z.enum(NOTIFICATION_CATEGORIES) }).strict();
export type TurnOffKindInput = z.infer<typeof turnOffKindSchema>;

/** Whether `Intl` knows the zone (a bounded string reaches this). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Minute of the day (0–1439) of `ms` in `timeZone`. */
export function minuteOfDayIn(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(ms));
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  return part("hour") * 60 + part("minute");
}

/** Whether `minute` falls in quiet hours [start, end) (across midnight when start > end). */
export function isQuietMinute(minute: number, quiet: { start: number; end: number } | null): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  return quiet.start < quiet.end
    ? minute >= quiet.start && minute < quiet.end
    : minute >= quiet.start || minute < quiet.end;
}

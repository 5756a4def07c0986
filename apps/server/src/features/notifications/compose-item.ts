import { NOTIFICATION_TEXT_MAX, NOTIFICATION_TEXTS } from "@heartline/shared";
import type { NotificationEvent } from "./notification-event";

/** What an event reads as: its thread, title, text, the path it opens, and how the push is sent. */
export interface ComposedItem {
  tag: string;
  title: string;
  body: string;
  url: string;
  ttl: number;
  urgency: "normal" | "high";
}

const DAY_S = 86_400;
const WEEK_S = 7 * DAY_S;

const cut = (text: string) =>
  text.length > NOTIFICATION_TEXT_MAX ? `${text.slice(0, NOTIFICATION_TEXT_MAX - 1)}…` : text;

/** The inbox thread (and push tag) of a conversation's messages. */
export const dmThreadTag = (conversationId: string) => `dm:${conversationId}`;

/** `actorName` is the public name of the person the event names (unused for the wall's events). */
export function composeItem(
  event: NotificationEvent,
  context: { actorName: string; previews: boolean },
): ComposedItem {
  const { actorName } = context;
  switch (event.kind) {
    case "direct_message":
      return {
        tag: dmThreadTag(event.conversationId),
        title: NOTIFICATION_TEXTS.newMessageFrom(actorName),
        body: context.previews && event.preview ? cut(event.preview) : "",
        url: `/group-chat/dm/${encodeURIComponent(event.actorId)}`,
        ttl: DAY_S,
        urgency: "high",
      };
    case "friend_request":
      return {
        tag: `friend-request:${event.requestId}`,
        title: NOTIFICATION_TEXTS.friendRequest(actorName),
        body: "",
        url: "/group-chat/friends",
        ttl: WEEK_S,
        urgency: "normal",
      };
    case "friend_accepted":
      return {
        tag: `friend-accepted:${event.requestId}`,
        title: NOTIFICATION_TEXTS.friendAccepted(actorName),
        body: "",
        url: `/group-chat/dm/${encodeURIComponent(event.actorId)}`,
        ttl: WEEK_S,
        urgency: "normal",
      };
    case "confession_comment":
      return {
        tag: `confession:${event.confessionId}`,
        title: NOTIFICATION_TEXTS.confessionComment,
        body: "",
        url: `/group-chat/confession-wall?confession=${encodeURIComponent(event.confessionId)}`,
        ttl: WEEK_S,
        urgency: "normal",
      };
    case "comment_reply":
      return {
        tag: `reply:${event.parentCommentId ?? event.confessionId}`,
        title: NOTIFICATION_TEXTS.commentReply,
        body: "",
        url: `/group-chat/confession-wall?confession=${encodeURIComponent(event.confessionId)}`,
        ttl: WEEK_S,
        urgency: "normal",
      };
    case "streak_ending":
      return {
        tag: `streak:${[event.recipientId, event.actorId].sort().join("-")}:${event.day}`,
        title: NOTIFICATION_TEXTS.streakEnding(event.count, actorName),
        body: "",
        url: `/group-chat/dm/${encodeURIComponent(event.actorId)}`,
        ttl: 6 * 3600,
        urgency: "high",
      };
  }
}

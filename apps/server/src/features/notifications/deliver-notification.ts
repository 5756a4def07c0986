import { createHash } from "node:crypto";
import {
  isQuietMinute,
  minuteOfDayIn,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXTS,
  type NotificationPushPayload,
} from "@heartline/shared";
import { inArray } from "drizzle-orm";
import { RateLimiterRes } from "rate-limiter-flexible";
import { user } from "../../db/schema";
import { userRoom } from "../../realtime/rooms";
import { isBlockedEitherWay, publicName } from "../../social/index";
import { composeItem } from "./compose-item";
import { isConversationMuted } from "./conversation-mutes";
import { recordInboxItem, unreadCount } from "./inbox-store";
import { NAMES_ACTOR, type NotificationEvent } from "./notification-event";
import { readSettings } from "./notification-settings-store";
import type { NotificationsDeps } from "./notifications-deps";
import type { PushRequest } from "./push-sender";
import { type StoredSubscription, subscriptionsOf } from "./push-subscription-store";

export interface PushJob {
  subscription: Pick<StoredSubscription, "id" | "endpoint" | "p256dh" | "auth">;
  request: Omit<PushRequest, "endpoint" | "keys">;
}

type UserRow = typeof user.$inferSelect;

/** Who may be told anything: a registered, verified, live account (never a guest). */
const canBeNotified = (row: UserRow | undefined): row is UserRow =>
  row !== undefined && !row.isGuest && !row.isAnonymous && !row.isDeleted && row.emailVerified;

/** RFC 8030 Topic (base64url, ≤ 32 characters) of a thread: one queued push per thread. */
const topicOf = (tag: string) => createHash("sha256").update(tag).digest("base64url").slice(0, 32);

/**
 * One event, handled off the sender's path: nothing for a guest, a blocked pair, a muted or hidden
 * conversation, a switched-off category, or (for a direct message) someone with a tab open; otherwise
 * the inbox item (pushed to every tab) and, outside quiet hours and under the per-user limit, one push
 * job per device. Returns the push jobs.
 */
export async function deliverNotification(
  deps: NotificationsDeps,
  event: NotificationEvent,
): Promise<PushJob[]> {
  const { db, io } = deps;
  const people = await db
    .select()
    .from(user)
    .where(inArray(user.id, [event.recipientId, event.actorId]));
  const recipient = people.find((row) => row.id === event.recipientId);
  const actor = people.find((row) => row.id === event.actorId);
  if (!canBeNotified(recipient) || event.recipientId === event.actorId) return [];
  if (NAMES_ACTOR[event.kind] && (!actor || actor.isDeleted)) return [];
  if (await isBlockedEitherWay(db, event.recipientId, event.actorId)) return [];
  if (event.kind === "direct_message") {
    if (event.wasHidden) return [];
    // A muted conversation: no push, and no inbox item either.
    if (await isConversationMuted({ deps, userId: event.recipientId, partnerId: event.actorId })) return [];
    // They read it where it arrives: a tab of theirs on any node.
    const sockets = await io.in(userRoom(event.recipientId)).fetchSockets();
    if (sockets.length > 0) return [];
  }
  const settings = await readSettings(db, event.recipientId);
  const category = NOTIFICATION_KINDS[event.kind];
  if (!settings.categories[category]) return [];

  const composed = composeItem(event, {
    actorName: actor ? publicName(actor) : "",
    previews: settings.previews,
  });
  const now = deps.clock();
  const item = await recordInboxItem(db, {
    userId: event.recipientId,
    kind: event.kind,
    tag: composed.tag,
    actorId: NAMES_ACTOR[event.kind] ? event.actorId : null,
    title: composed.title,
    body: composed.body,
    url: composed.url,
    at: now,
  });
  io.to(userRoom(event.recipientId)).emit("notification", {
    item,
    unreadCount: await unreadCount(db, event.recipientId),
  });

  if (isQuietMinute(minuteOfDayIn(now, settings.timeZone), settings.quietHours)) return [];
  const subscriptions = await subscriptionsOf(db, event.recipientId);
  if (subscriptions.length === 0) return [];
  try {
    await deps.pushLimiter.consume(event.recipientId);
  } catch (error) {
    if (error instanceof RateLimiterRes) return [];
    throw error;
  }
  const payload: NotificationPushPayload = { item, category, turnOffTitle: NOTIFICATION_TEXTS.turnOff };
  const request = {
    payload: JSON.stringify(payload),
    ttl: composed.ttl,
    urgency: composed.urgency,
    topic: topicOf(composed.tag),
  };
  return subscriptions.map((subscription) => ({ subscription, request }));
}

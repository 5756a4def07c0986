import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/create-database";
import { createRateLimiter, type RateLimit } from "../../lib/rate-limiter";
import type { RedisClient } from "../../lib/redis-client";
import type { VapidKeys } from "../../lib/vapid-keys";
import type { HeartlineServer } from "../../realtime/types";
import type { SessionGuards } from "../accounts/index";
import type { Feature } from "../feature";
import { deliverNotification, type PushJob } from "./deliver-notification";
import { createMarkThreadRead, type MarkThreadRead } from "./mark-thread-read";
import type { NotificationEvent, Notify } from "./notification-event";
import { notificationsRoutes } from "./notifications.routes";
import type { NotificationsDeps } from "./notifications-deps";
import { createPushSender, type SendPush } from "./push-sender";
import { deleteSubscriptionById } from "./push-subscription-store";
import { removeNotificationsOf } from "./remove-account";
import { createStreakReminders } from "./streak-reminders";
import { createWorkQueue } from "./work-queue";

/** Pushes one user may be sent per minute (every device of an event counts once), across nodes. */
export const NOTIFICATION_PUSH_RATE_LIMIT: RateLimit = { points: 20, durationSeconds: 60 };

/** Tunables (tests shorten the waits). */
export interface NotificationsOptions {
  /** Delays before each retry of a push the service did not take (429, 5xx, no answer). */
  retryDelaysMs?: readonly number[];
  /** How often each node looks for streaks to remind of (default 5 minutes). */
  streakCheckIntervalMs?: number;
  /** Events and pushes waiting at most (a full queue drops the newest, logged). */
  queueCapacity?: number;
  /** Events handled at once per node (default 2; tests take 1 to see them in order). */
  eventConcurrency?: number;
  /** Tests only: handed the feature's `idle` when it is built (a node's queues settled, see below). */
  onIdleProbe?: (idle: () => Promise<void>) => void;
}

export interface CreateNotificationsOptions extends NotificationsOptions {
  db: Database;
  io: HeartlineServer;
  redis: RedisClient | null;
  log: FastifyBaseLogger;
  guards: SessionGuards;
  vapid: VapidKeys & { subject: string };
  /** The streak time zone (`STREAK_TIME_ZONE`): reminders count its calendar days. */
  timeZone: string;
  /** Tests only: plain-http loopback push endpoints are accepted (`NODE_ENV=test`). */
  allowLoopbackEndpoints: boolean;
  clock?: () => number;
  /** Tests only: another sender. */
  sendPush?: SendPush;
}

export interface Notifications extends Feature {
  routes: FastifyPluginAsyncZod;
  /** Queues an event; never waits (the message path calls it after its commit). */
  notify: Notify;
  /** A reader's DM thread was read: its inbox item is read too (awaited by the mark-read). */
  markThreadRead: MarkThreadRead;
}

/**
 * Issue #40: the inbox and Web Push. Events are queued (bounded) and handled by a few workers on the
 * node that made them; each device's push is its own job, retried with backoff.
 */
export function createNotifications(options: CreateNotificationsOptions): Notifications {
  const { db, io, redis, log } = options;
  const clock = options.clock ?? Date.now;
  const capacity = options.queueCapacity ?? 5_000;
  const deps: NotificationsDeps = {
    db,
    io,
    log,
    clock,
    sendPush: options.sendPush ?? createPushSender(options.vapid),
    pushLimiter: createRateLimiter({ redis, name: "notification-push", ...NOTIFICATION_PUSH_RATE_LIMIT }),
  };
  const pushes = createWorkQueue<PushJob>({
    capacity,
    concurrency: 8,
    retryDelaysMs: options.retryDelaysMs ?? [2_000, 15_000, 60_000],
    run: async ({ subscription, request }) => {
      const outcome = await deps.sendPush({
        ...request,
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      });
      if (outcome === "gone") await deleteSubscriptionById(db, subscription.id);
      if (outcome === "refused")
        log.warn({ subscriptionId: subscription.id }, "push refused by the push service");
      return outcome === "retry" ? "retry" : "done";
    },
    onDrop: (job, reason, error) =>
      log.warn({ err: error, subscriptionId: job.subscription.id, reason }, "push dropped"),
  });
  const events = createWorkQueue<NotificationEvent>({
    capacity,
    concurrency: options.eventConcurrency ?? 2,
    retryDelaysMs: [],
    run: async (event) => {
      for (const job of await deliverNotification(deps, event)) pushes.add(job);
      return "done";
    },
    onDrop: (event, reason, error) =>
      log.warn(
        { err: error, kind: event.kind, recipientId: event.recipientId, reason },
        "notification dropped",
      ),
  });
  const notify: Notify = (event) => events.add(event);
  // Every event's push jobs are queued while it runs, so once the events settle only pushes remain.
  options.onIdleProbe?.(async () => {
    await events.idle();
    await pushes.idle();
  });
  const reminders = createStreakReminders({
    db,
    redis,
    log,
    notify,
    timeZone: options.timeZone,
    clock,
    intervalMs: options.streakCheckIntervalMs ?? 5 * 60_000,
  });
  return {
    routes: notificationsRoutes({
      deps,
      guards: options.guards,
      publicKey: options.vapid.publicKey,
      allowLoopbackEndpoints: options.allowLoopbackEndpoints,
    }),
    notify,
    markThreadRead: createMarkThreadRead(deps),
    removeAccount: removeNotificationsOf,
    start: () => reminders.start(),
    async stop() {
      reminders.stop();
      await events.stop();
      await pushes.stop();
    },
  };
}

import { isIP } from "node:net";
import {
  markNotificationsReadSchema,
  NOTIFICATION_PATHS,
  NOTIFICATION_TEXTS,
  type NotificationSettings,
  notificationSettingsSchema,
  pushSubscriptionSchema,
  turnOffKindSchema,
  userIdRouteParamSchema,
} from "@heartline/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors/app-error";
import { deviceIdFromCookie } from "../../plugins/device-id";
import { userRoom } from "../../realtime/rooms";
import { registeredOnly, type SessionGuards, sessionOf } from "../accounts/index";
import { isConversationMuted, setConversationMuted } from "./conversation-mutes";
import { markRead, readInbox, unreadCount } from "./inbox-store";
import { readSettings, type StoredSettings, writeSettings } from "./notification-settings-store";
import type { NotificationsDeps } from "./notifications-deps";
import { deleteDeviceSubscription, hasDeviceSubscription, saveSubscription } from "./push-subscription-store";

export interface NotificationsRoutesOptions {
  deps: NotificationsDeps;
  guards: SessionGuards;
  publicKey: string;
  /** Tests only: a push endpoint may be plain http on loopback (the test's own push service). */
  allowLoopbackEndpoints: boolean;
}

/** The device a subscription belongs to: the device cookie, else one per endpoint. */
const deviceOf = (request: FastifyRequest, fallback: string) =>
  deviceIdFromCookie(request.headers.cookie) ?? `endpoint:${fallback.slice(-64)}`;

/**
 * Where the server may send: a push service's https URL by host name. Never plain http, an IP
 * literal or a local name, so a subscription cannot aim the server at its own network.
 */
function isAllowedEndpoint(endpoint: string, allowLoopback: boolean): boolean {
  const url = new URL(endpoint);
  if (allowLoopback && url.protocol === "http:" && url.hostname === "127.0.0.1") return true;
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return isIP(host) === 0 && host.includes(".") && !/(^|\.)(localhost|local|internal)$/i.test(host);
}

/** `/api/notifications…` (issue #40): registered, verified users only. */
export function notificationsRoutes(options: NotificationsRoutesOptions): FastifyPluginAsyncZod {
  const { deps, guards } = options;
  const { db, io } = deps;
  return async (app) => {
    const registered = { onRequest: registeredOnly(guards, NOTIFICATION_TEXTS.registeredOnly) };
    const me = (request: FastifyRequest) => sessionOf(request).user.id;
    const view = async (request: FastifyRequest, settings: StoredSettings): Promise<NotificationSettings> => {
      const deviceId = deviceIdFromCookie(request.headers.cookie);
      return {
        ...settings,
        thisDeviceSubscribed: deviceId ? await hasDeviceSubscription(db, me(request), deviceId) : false,
      };
    };

    app.get(NOTIFICATION_PATHS.vapidKey, registered, async () => ({ publicKey: options.publicKey }));

    app.get(NOTIFICATION_PATHS.inbox, registered, async (request, reply) => {
      reply.header("cache-control", "no-store");
      return readInbox(db, me(request));
    });
    app.post(
      NOTIFICATION_PATHS.read,
      { ...registered, schema: { body: markNotificationsReadSchema } },
      async (request) => {
        const userId = me(request);
        const { body } = request;
        const all = "all" in body;
        const ids = await markRead(db, userId, all ? "all" : body.ids);
        const unread = await unreadCount(db, userId);
        if (ids.length > 0)
          io.to(userRoom(userId)).emit("notifications_read", { ids, all, unreadCount: unread });
        return { unreadCount: unread };
      },
    );

    app.get(NOTIFICATION_PATHS.settings, registered, async (request, reply) => {
      reply.header("cache-control", "no-store");
      return view(request, await readSettings(db, me(request)));
    });
    app.put(
      NOTIFICATION_PATHS.settings,
      { ...registered, schema: { body: notificationSettingsSchema } },
      async (request) => view(request, await writeSettings(db, me(request), request.body)),
    );
    app.post(
      NOTIFICATION_PATHS.turnOff,
      { ...registered, schema: { body: turnOffKindSchema } },
      async (request) =>
        view(
          request,
          await writeSettings(db, me(request), { categories: { [request.body.category]: false } }),
        ),
    );

    app.put(
      NOTIFICATION_PATHS.subscription,
      { ...registered, schema: { body: pushSubscriptionSchema } },
      async (request, reply) => {
        const subscription = request.body;
        if (!isAllowedEndpoint(subscription.endpoint, options.allowLoopbackEndpoints)) {
          throw new AppError("bad_request", NOTIFICATION_TEXTS.subscriptionRefused);
        }
        await saveSubscription(db, {
          userId: me(request),
          deviceId: deviceOf(request, subscription.endpoint),
          subscription,
        });
        return reply.status(204).send();
      },
    );
    app.delete(NOTIFICATION_PATHS.subscription, registered, async (request, reply) => {
      const deviceId = deviceIdFromCookie(request.headers.cookie);
      if (deviceId) await deleteDeviceSubscription(db, me(request), deviceId);
      return reply.status(204).send();
    });

    const muteRoute = { ...registered, schema: { params: userIdRouteParamSchema } };
    const muteOptions = (request: FastifyRequest & { params: { userId: string } }) => ({
      deps,
      userId: me(request),
      partnerId: request.params.userId,
    });
    app.get("/api/notifications/mutes/:userId", muteRoute, async (request, reply) => {
      reply.header("cache-control", "no-store");
      const options = muteOptions(request);
      return { partnerId: options.partnerId, muted: await isConversationMuted(options) };
    });
    app.put("/api/notifications/mutes/:userId", muteRoute, async (request) =>
      setConversationMuted({ ...muteOptions(request), muted: true }),
    );
    app.delete("/api/notifications/mutes/:userId", muteRoute, async (request) =>
      setConversationMuted({ ...muteOptions(request), muted: false }),
    );
  };
}

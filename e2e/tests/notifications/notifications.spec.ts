import { NOTIFICATION_TEXTS, type NotificationPushPayload } from "@heartline/shared";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "../../support/axe";
import { gotoAndSettle, screenshot, useBrowser, type ViewportName } from "../../support/browser";
import { useGroupChatServer } from "../group-chat/group-chat-helpers";
import { type Person, registerAndEnter, step, WAIT } from "../social/social-helpers";

const browser = useBrowser();
const server = useGroupChatServer("admin@heartline.test");

/** Counts `Notification.requestPermission()` calls: the site may ask only after a click. */
const COUNT_PERMISSION_REQUESTS = () => {
  const calls = { count: 0 };
  (window as unknown as { __permissionRequests: typeof calls }).__permissionRequests = calls;
  const original = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = (...args: Parameters<typeof original>) => {
    calls.count += 1;
    return original(...args);
  };
};
const permissionRequests = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __permissionRequests?: { count: number } }).__permissionRequests?.count ?? 0,
  );

async function postFromPage(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ target, payload }) =>
      (
        await fetch(target, {
          method: "POST",
          credentials: "include",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(payload),
        })
      ).status,
    { target: path, payload: body },
  );
}

/** The service worker's registration id, through the DevTools protocol. */
async function registrationId(page: Page): Promise<{ id: string; send: (data: string) => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const live = registrations.find((registration) => !registration.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const id = await found;
  // A registration is announced while its worker still installs; a push delivered before it is active
  // is dropped (a loaded machine failed "shows a push" that way, 2026-12-02). Send once it is active.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const origin = new URL(page.url()).origin;
  return {
    id,
    send: async (data) => {
      await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: id, data });
    },
  };
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((shown) => ({
      title: shown.title,
      body: shown.body,
      tag: shown.tag,
      data: shown.data as { url: string; id: string; category: string },
      actions: (shown as Notification & { actions?: { action: string; title: string }[] }).actions ?? [],
    }));
  });

describe("notifications: the permission flow, the inbox, and the service worker's push and click", () => {
  const cases: { viewport: ViewportName; scheme: "light" | "dark"; tag: string }[] = [
    { viewport: "desktop", scheme: "light", tag: "desktop-light" },
    { viewport: "phone", scheme: "dark", tag: "phone-dark" },
  ];
  for (const [index, { viewport, scheme, tag }] of cases.entries()) {
    it(`asks only on a click, shows the inbox, and shows and opens a push (${tag})`, {
      timeout: 240_000,
    }, async () => {
      const ana: Person = {
        username: `ana_ntf${index}`,
        email: `ana.ntf${index}@heartline.test`,
        gender: "female",
      };
      const ben: Person = {
        username: `ben_ntf${index}`,
        email: `ben.ntf${index}@heartline.test`,
        gender: "male",
      };
      const a = await browser.newPage({ viewport: "desktop", baseUrl: server().baseUrl });
      const b = await browser.newPage({
        viewport,
        colorScheme: scheme,
        baseUrl: server().baseUrl,
        serviceWorkers: "allow",
      });
      await b.context().addInitScript(COUNT_PERMISSION_REQUESTS);
      await b.context().grantPermissions(["notifications"], { origin: server().baseUrl });

      step(`${tag}: sign up both`);
      await registerAndEnter(a, server(), ana);
      await registerAndEnter(b, server(), ben);

      step(`${tag}: the settings section; nothing asked on load`);
      await gotoAndSettle(b, "/settings");
      const section = b.getByRole("region", { name: "Notifications" });
      await section.getByText("Push notifications are off for this device.").waitFor(WAIT);
      expect(await permissionRequests(b)).toBe(0);
      await section.scrollIntoViewIfNeeded();
      await screenshot(b, `notifications-settings-before-${tag}`, { fullPage: false });
      await section.getByRole("button", { name: "Turn on push notifications" }).click();
      // Offline, Chromium has no push service to subscribe with: either it worked or it says why.
      await section
        .getByText("Push notifications are on for this device.")
        .or(section.getByRole("alert"))
        .waitFor(WAIT);
      expect(await permissionRequests(b)).toBe(1);
      await screenshot(b, `notifications-settings-after-click-${tag}`, { fullPage: false });
      await section.getByRole("switch", { name: NOTIFICATION_TEXTS.categories.streaks }).click();
      await expect
        .poll(() =>
          section
            .getByRole("switch", { name: NOTIFICATION_TEXTS.categories.streaks })
            .getAttribute("aria-checked"),
        )
        .toBe("false");
      expect(await axeViolations(b, { within: "section[aria-labelledby='notifications-heading']" })).toEqual(
        [],
      );

      step(`${tag}: a friend request reaches the bell live`);
      await gotoAndSettle(b, "/group-chat");
      expect(await postFromPage(a, "/api/friend-requests", { username: ben.username })).toBe(200);
      const bell = b.getByRole("button", { name: /^Notifications, 1 unread$/ });
      await bell.waitFor(WAIT);
      await bell.click();
      const panel = b.getByRole("region", { name: "Notifications" });
      await panel
        .getByRole("button", { name: new RegExp(NOTIFICATION_TEXTS.friendRequest(ana.username)) })
        .waitFor(WAIT);
      expect(await axeViolations(b)).toEqual([]);
      await screenshot(b, `notifications-inbox-${tag}`, { fullPage: false });

      step(`${tag}: the service worker shows a push and opens its thread`);
      const worker = await registrationId(b);
      const payload: NotificationPushPayload = {
        item: {
          id: "00000000-0000-4000-8000-000000000001",
          kind: "direct_message",
          tag: "dm:test-thread",
          title: NOTIFICATION_TEXTS.newMessageFrom(ana.username),
          body: "",
          url: "/group-chat/dm",
          count: 1,
          at: Date.now(),
          read: false,
        },
        category: "messages",
        turnOffTitle: NOTIFICATION_TEXTS.turnOff,
      };
      await worker.send(JSON.stringify(payload));
      await expect.poll(() => shownNotifications(b), WAIT).toHaveLength(1);
      // A newer push of the thread replaces it (one per conversation). It is shown once the worker's
      // push handler has run: wait for the newer one, so the click below closes it and not the older.
      const newerId = "00000000-0000-4000-8000-000000000002";
      await worker.send(JSON.stringify({ ...payload, item: { ...payload.item, id: newerId, count: 2 } }));
      await expect
        .poll(async () => (await shownNotifications(b)).map((shown) => shown.data.id), WAIT)
        .toEqual([newerId]);
      const [shown] = await shownNotifications(b);
      expect(shown).toMatchObject({
        title: payload.item.title,
        tag: payload.item.tag,
        data: { url: "/group-chat/dm", category: "messages" },
        actions: [{ action: "turn-off", title: NOTIFICATION_TEXTS.turnOff }],
      });
      await b.keyboard.press("Escape");
      const serviceWorker = b.context().serviceWorkers()[0];
      if (!serviceWorker) throw new Error("no service worker");
      await serviceWorker.evaluate(async () => {
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          heartlineNotifications: { onNotificationClick(event: unknown): void };
        };
        const [notification] = await scope.registration.getNotifications();
        let work: Promise<unknown> = Promise.resolve();
        scope.heartlineNotifications.onNotificationClick({
          notification,
          action: "",
          waitUntil: (promise: Promise<unknown>) => {
            work = promise;
          },
        });
        await work;
      });
      await expect.poll(() => new URL(b.url()).pathname, WAIT).toBe("/group-chat/dm");
      expect(await shownNotifications(b)).toHaveLength(0);

      step(`${tag}: the one-tap action turns the kind off`);
      await worker.send(JSON.stringify(payload));
      await expect.poll(() => shownNotifications(b), WAIT).toHaveLength(1);
      await serviceWorker.evaluate(async () => {
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          heartlineNotifications: { onNotificationClick(event: unknown): void };
        };
        const [notification] = await scope.registration.getNotifications();
        let work: Promise<unknown> = Promise.resolve();
        scope.heartlineNotifications.onNotificationClick({
          notification,
          action: "turn-off",
          waitUntil: (promise: Promise<unknown>) => {
            work = promise;
          },
        });
        await work;
      });
      const settings = await b.evaluate(async () => (await fetch("/api/notifications/settings")).json());
      expect(settings.categories).toMatchObject({ messages: false, streaks: false, friends: true });
    });
  }
});

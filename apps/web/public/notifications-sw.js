/* Heartline's Web Push handlers (issue #40), imported by the generated service worker. */
/* global self, clients */

const TURN_OFF_ACTION = "turn-off";

/** Only an in-app path ("/group-chat/..."), never another origin. */
function safePath(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/group-chat";
}

function postJson(path, body) {
  return fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}

function onPush(event) {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  const item = payload?.item;
  if (!item || typeof item.title !== "string") return;
  event.waitUntil(
    self.registration.showNotification(item.title.slice(0, 200), {
      body: typeof item.body === "string" ? item.body.slice(0, 300) : "",
      // One notification per thread: a newer push replaces it.
      tag: String(item.tag).slice(0, 200),
      renotify: true,
      icon: "/heartline.svg",
      badge: "/heartline.svg",
      timestamp: item.at,
      data: { id: item.id, url: safePath(item.url), category: payload.category },
      actions: payload.category
        ? [{ action: TURN_OFF_ACTION, title: String(payload.turnOffTitle || "Turn off these").slice(0, 60) }]
        : [],
    }),
  );
}

function onNotificationClick(event) {
  const data = event.notification.data || {};
  event.notification.close();
  if (event.action === TURN_OFF_ACTION) {
    event.waitUntil(postJson("/api/notifications/turn-off", { category: data.category }));
    return;
  }
  const target = new URL(safePath(data.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      if (data.id) postJson("/api/notifications/read", { ids: [data.id] });
      const windows = await clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        // Focusing needs the click's activation; without it the tab is still told.
        const focused = (await open.focus().catch(() => null)) || open;
        // The group chat (its bell listens) routes the path itself; any other page loads it.
        if (new URL(focused.url).pathname.startsWith("/group-chat")) {
          focused.postMessage({ type: "heartline:open", url: safePath(data.url) });
          return;
        }
        const navigated = await focused.navigate(target).catch(() => null);
        if (navigated) return;
      }
      await clients.openWindow(target);
    })(),
  );
}

self.addEventListener("push", onPush);
self.addEventListener("notificationclick", onNotificationClick);
// The e2e test calls the click handler directly (DevTools can deliver a push, not click a notification).
self.heartlineNotifications = { onPush, onNotificationClick };

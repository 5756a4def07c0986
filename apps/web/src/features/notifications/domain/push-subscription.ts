import { NOTIFICATION_PATHS } from "@heartline/shared";
import { apiRequest } from "../../../lib/http-client";
import { translate } from "../../../lib/i18n/i18n";

/** What this browser can do with push: nothing, ask (after a click), or it was refused. */
export type PushSupport = "unsupported" | "default" | "granted" | "denied";

export function pushSupport(): PushSupport {
  if (typeof window === "undefined" || !("serviceWorker" in navigator) || !("PushManager" in window)) {
    return "unsupported";
  }
  if (!("Notification" in window)) return "unsupported";
  return Notification.permission;
}

const READY_TIMEOUT_MS = 15_000;
const SUBSCRIBE_FAILED =
  "This browser could not turn on push notifications right now. New events still appear under the bell.";

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error("The app's service worker is not running yet. Reload and try again.")),
      READY_TIMEOUT_MS,
    ),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
};

/**
 * Only ever called from a click (never on page load): asks for permission, subscribes this device
 * with the server's VAPID key, and stores the subscription with the account.
 */
export async function subscribeThisDevice(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error(translate("notifications.blocked"));
  const registration = await workerRegistration();
  const { publicKey } = await apiRequest<{ publicKey: string }>(NOTIFICATION_PATHS.vapidKey);
  const existing = await registration.pushManager.getSubscription();
  let subscription = existing;
  try {
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  } catch {
    // The browser's push service refused or is unreachable ("Registration failed - …").
    throw new Error(SUBSCRIBE_FAILED);
  }
  await apiRequest(NOTIFICATION_PATHS.subscription, { method: "PUT", json: subscription.toJSON() });
}

/** Stops push on this device: the browser's subscription and the server's row. */
export async function unsubscribeThisDevice(): Promise<void> {
  if (pushSupport() !== "unsupported") {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe().catch(() => undefined);
  }
  await apiRequest(NOTIFICATION_PATHS.subscription, { method: "DELETE" });
}

import type { PageViewInput } from "@heartline/shared";
import { apiRequest } from "./http-client";

export const PAGE_VIEW_ENDPOINT = "/api/analytics/page-view";

/** The browser APIs a page view needs; injectable so tests observe real calls without a network. */
export interface PageViewTransport {
  sendBeacon?: (url: string, data: Blob) => boolean;
  fetch: (url: string, init: RequestInit) => Promise<unknown>;
}

function browserTransport(): PageViewTransport {
  const canBeacon = typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function";
  return {
    sendBeacon: canBeacon ? (url, data) => navigator.sendBeacon(url, data) : undefined,
    fetch: (url, init) =>
      apiRequest(url, {
        method: "POST",
        body: init.body ?? undefined,
        headers: { "Content-Type": "application/json" },
        keepalive: init.keepalive,
      }),
  };
}

/**
 * spec §2 Page views are reported on every route change. Our own endpoint counts views per path per
 * day (no third-party script, nothing about the person). A beacon survives page unloads; when the
 * browser has none or refuses to queue it, a keepalive fetch does the same job.
 */
export function trackPageView(path: string, transport: PageViewTransport = browserTransport()): void {
  const body: PageViewInput = { path };
  const json = JSON.stringify(body);
  const blob = new Blob([json], { type: "application/json" });
  if (transport.sendBeacon?.(PAGE_VIEW_ENDPOINT, blob)) return;
  transport
    .fetch(PAGE_VIEW_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: json,
      keepalive: true,
    })
    // Analytics must never break the page; a lost page view is acceptable.
    .catch(() => undefined);
}

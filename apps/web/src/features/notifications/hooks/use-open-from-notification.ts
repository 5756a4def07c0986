import { useEffect } from "react";

/** A notification clicked while this tab is open: the service worker asks the app to open its path. */
export function useOpenFromNotification(navigate: (to: string) => void): void {
  useEffect(() => {
    if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type !== "heartline:open" || typeof data.url !== "string") return;
      if (data.url.startsWith("/") && !data.url.startsWith("//")) navigate(data.url);
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, [navigate]);
}

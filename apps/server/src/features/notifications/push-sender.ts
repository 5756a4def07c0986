import webPush from "web-push";
import type { VapidKeys } from "../../lib/vapid-keys";

/** One encrypted Web Push request (RFC 8030 with RFC 8291's aes128gcm and an RFC 8292 VAPID JWT). */
export interface PushRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  payload: string;
  /** Seconds the push service keeps it for an offline device. */
  ttl: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** RFC 8030 Topic: a newer push of the same topic replaces a queued one (base64url, ≤ 32). */
  topic: string;
}

export type PushOutcome = "sent" | "gone" | "retry" | "refused";

export type SendPush = (request: PushRequest) => Promise<PushOutcome>;

const PUSH_TIMEOUT_MS = 10_000;

/**
 * Sends with `web-push`'s request builder (payload encryption, VAPID headers) over `fetch`: one
 * outcome per answer. 404/410 mean the subscription is gone; 429 and 5xx (and no answer) are retried.
 */
export function createPushSender(vapid: VapidKeys & { subject: string }): SendPush {
  return async (request) => {
    const details = webPush.generateRequestDetails(
      { endpoint: request.endpoint, keys: request.keys },
      request.payload,
      {
        vapidDetails: vapid,
        TTL: request.ttl,
        urgency: request.urgency,
        topic: request.topic,
        contentEncoding: "aes128gcm",
      },
    );
    let status: number;
    try {
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ?? null,
        redirect: "error",
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      status = response.status;
      await response.body?.cancel();
    } catch {
      return "retry";
    }
    if (status >= 200 && status < 300) return "sent";
    if (status === 404 || status === 410) return "gone";
    if (status === 429 || status >= 500) return "retry";
    return "refused";
  };
}

/**
 * Issue #41 §2: rate-limit refusals by rule, for the limits a handler applies itself (the chats' message
 * limits, friend requests, reports, AutoMod's flood rule), not only the per-event limiter's. Runs after
 * the event limiter (whose own refusals it counts by itself): the event's ack, when it has one, is
 * wrapped so that a `rate_limited` answer is counted under `socket:<event>`. Only a known event's handler
 * can answer `rate_limited` (an unknown name gets `bad_request`), so the rule label stays a short list.
 */
export function countRateLimitedAnswers(packet: unknown[], onRefused: (event: string) => void): void {
  const last = packet.length - 1;
  const ack = packet[last];
  const event = packet[0];
  if (last < 1 || typeof ack !== "function" || typeof event !== "string") return;
  packet[last] = function countedAck(this: unknown, ...answer: unknown[]) {
    if (isRateLimited(answer[0])) onRefused(event);
    return ack.apply(this, answer);
  };
}

function isRateLimited(answer: unknown): boolean {
  if (typeof answer !== "object" || answer === null) return false;
  const { ok, error } = answer as { ok?: unknown; error?: { code?: unknown } | null };
  return ok === false && typeof error === "object" && error !== null && error.code === "rate_limited";
}

import type { ClientToServerEvents } from "@heartline/shared";
import type { RateLimit } from "../lib/rate-limiter";
import type { TokenBucketRate } from "../lib/token-bucket";

/**
 * How often a client may send one event: a token bucket per socket (in memory: a burst, then a steady
 * rate) and a window per user across every socket and node (Redis with `REDIS_URL`). Every event
 * costs at least a parse and often a query and a broadcast, so none is unlimited.
 */
export interface SocketEventLimit {
  perSocket: TokenBucketRate;
  perUser: RateLimit;
  /**
   * The event acts as the signed-in user (writes, admin actions, what the user row decides): the
   * session is re-read before it runs, so a socket signed out elsewhere cannot keep acting.
   */
  actsAsUser?: boolean;
}

export type SocketEventName = keyof ClientToServerEvents;

const perMinute = (points: number): RateLimit => ({ points, durationSeconds: 60 });

/** Typing and status toggles: a person types in bursts; a script alternating true/false does not. */
const TOGGLE: SocketEventLimit = {
  perSocket: { capacity: 10, refillPerSecond: 1 },
  perUser: perMinute(120),
};
/** Joining, leaving, asking whether banned: a handful on page loads, never a loop. */
const ROOM_ACTION: SocketEventLimit = {
  perSocket: { capacity: 5, refillPerSecond: 0.2 },
  perUser: perMinute(30),
  actsAsUser: true,
};
/**
 * Messages have their own limits in their features (10 new per 10 s); this is the outer fence. Room
 * for a reconnect that retries a full outbox with the same ids (retries do not count there).
 */
const MESSAGE: SocketEventLimit = {
  perSocket: { capacity: 30, refillPerSecond: 3 },
  perUser: perMinute(180),
  actsAsUser: true,
};
const RANDOM_CHAT_CONTROL: SocketEventLimit = {
  perSocket: { capacity: 10, refillPerSecond: 0.5 },
  perUser: perMinute(60),
};

/** The one table of limits, by event name (ARCHITECTURE §5 event names). */
export const SOCKET_EVENT_LIMITS: Readonly<Record<SocketEventName, SocketEventLimit>> = {
  request_online_users: { perSocket: { capacity: 5, refillPerSecond: 0.5 }, perUser: perMinute(60) },
  update_route: { perSocket: { capacity: 10, refillPerSecond: 1 }, perUser: perMinute(120) },
  // The client pings every 20 s (spec §9).
  ping: { perSocket: { capacity: 5, refillPerSecond: 0.2 }, perUser: perMinute(60) },
  update_online_status: TOGGLE,
  "status:update": TOGGLE,
  join: RANDOM_CHAT_CONTROL,
  chat_message: MESSAGE,
  typing: TOGGLE,
  end_chat: RANDOM_CHAT_CONTROL,
  next: RANDOM_CHAT_CONTROL,
  switch_to_person: RANDOM_CHAT_CONTROL,
  confirm_adult: RANDOM_CHAT_CONTROL,
  // The waiting screen asks every 5 s.
  line_status: { perSocket: { capacity: 5, refillPerSecond: 0.5 }, perUser: perMinute(60) },
  report_partner: { perSocket: { capacity: 3, refillPerSecond: 0.05 }, perUser: perMinute(10) },
  join_group: ROOM_ACTION,
  // Sent on every visit to '/' (spec §2 Home) and cheap (no query): a quick back-and-forth must not drop it.
  leave_group: { perSocket: { capacity: 10, refillPerSecond: 1 }, perUser: perMinute(120) },
  group_message: MESSAGE,
  group_typing: TOGGLE,
  group_people_window: TOGGLE,
  check_if_banned: ROOM_ACTION,
  force_unban_user: {
    perSocket: { capacity: 10, refillPerSecond: 1 },
    perUser: perMinute(60),
    actsAsUser: true,
  },
  direct_message: MESSAGE,
  direct_message_typing: TOGGLE,
  direct_message_delivered: TOGGLE,
  join_confession_wall: ROOM_ACTION,
  leave_confession_wall: { perSocket: { capacity: 10, refillPerSecond: 1 }, perUser: perMinute(120) },
};

/** An event the contract does not name costs the same as any other: it is limited, then ignored. */
export const UNKNOWN_EVENT_LIMIT: SocketEventLimit = {
  perSocket: { capacity: 5, refillPerSecond: 0.5 },
  perUser: perMinute(60),
};

/** Replaces some rows of the table (tests; a deployment that needs other numbers). */
export type SocketEventLimitOverrides = Partial<Record<SocketEventName, SocketEventLimit>>;

export function socketEventLimitOf(
  event: string,
  overrides: SocketEventLimitOverrides = {},
): { name: string; limit: SocketEventLimit } {
  if (Object.hasOwn(SOCKET_EVENT_LIMITS, event)) {
    const name = event as SocketEventName;
    return { name, limit: overrides[name] ?? SOCKET_EVENT_LIMITS[name] };
  }
  return { name: "unknown", limit: UNKNOWN_EVENT_LIMIT };
}

/** Whether the session is re-read before `event` runs. */
export function actsAsUser(event: string): boolean {
  return (
    Object.hasOwn(SOCKET_EVENT_LIMITS, event) &&
    SOCKET_EVENT_LIMITS[event as SocketEventName].actsAsUser === true
  );
}

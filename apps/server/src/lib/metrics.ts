import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** The chats whose sends are timed and whose fan-out is counted. */
export const CHAT_KINDS = ["group", "dm", "random"] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

/** Who a socket belongs to: a visitor without an account, a guest, or a registered user. */
export const SOCKET_KINDS = ["visitor", "guest", "registered"] as const;
export type SocketKind = (typeof SOCKET_KINDS)[number];

/** Where a socket handshake's session was answered (ADR 0022). */
export type SessionLookupSource = "cache" | "better_auth";

/** A send's ack after commit: a few ms on one machine, up to seconds under load or an outage. */
const SEND_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the gauges read at scrape time (nothing is counted on the hot path for them). */
export interface MetricSources {
  socketsByKind(): Record<SocketKind, number>;
  groupRoomPeople(): number;
  randomPaired(): number;
  randomSearching(): Promise<number>;
  imageJobsQueued(): number;
}

/** A timer's child, made once per chat kind: observing allocates nothing per message. */
export interface SendTimer {
  observe(seconds: number): void;
}

/**
 * One node's Prometheus metrics (issue #41 §2), in a registry of its own, so two apps in one process
 * (the cluster tests) count apart. Counters are incremented where things happen; gauges read the
 * node's state when scraped (`setSources`). Label children are made once, here.
 */
export class Metrics {
  readonly registry = new Registry();
  private sources: Partial<MetricSources> = {};

  readonly sendSeconds: Readonly<Record<ChatKind, SendTimer>>;
  readonly fanOut: Readonly<Record<ChatKind, { inc(count?: number): void }>>;
  private readonly randomMatches: Counter;
  private readonly rateLimited: Counter<"rule">;
  private readonly automodRefused: Counter<"rule">;
  private readonly redisErrors: Counter;
  private readonly databaseErrors: Counter;
  private readonly sessionLookups: Readonly<Record<SessionLookupSource, { inc(): void }>>;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    const sendSeconds = new Histogram({
      name: "heartline_message_send_seconds",
      help: "Time from a chat message's arrival to its ack (after commit), per chat",
      labelNames: ["chat"],
      buckets: SEND_BUCKETS,
      registers,
    });
    const fanOut = new Counter({
      name: "heartline_fanout_deliveries_total",
      help: "Messages handed to the Socket.IO adapter for delivery (one per target room), per chat",
      labelNames: ["chat"],
      registers,
    });
    this.sendSeconds = perChat((chat) => sendSeconds.labels(chat));
    this.fanOut = perChat((chat) => fanOut.labels(chat));
    this.randomMatches = new Counter({
      name: "heartline_random_matches_total",
      help: "Pairs of people the random chat matched on this node",
      registers,
    });
    this.rateLimited = new Counter({
      name: "heartline_rate_limit_refusals_total",
      help: "Requests and socket events refused by a rate limit, per rule",
      labelNames: ["rule"],
      registers,
    });
    this.automodRefused = new Counter({
      name: "heartline_automod_refusals_total",
      help: "Messages, names and images AutoMod refused, per rule",
      labelNames: ["rule"],
      registers,
    });
    this.redisErrors = new Counter({
      name: "heartline_redis_errors_total",
      help: "Errors reported by the Redis clients",
      registers,
    });
    this.databaseErrors = new Counter({
      name: "heartline_database_errors_total",
      help: "Database errors: failed queries reaching a request or event, and pool errors",
      registers,
    });
    const sessionLookups = new Counter({
      name: "heartline_socket_session_lookups_total",
      help: "Socket handshakes with a cookie, by where their session was answered: this node's identity cache or Better Auth",
      labelNames: ["source"],
      registers,
    });
    this.sessionLookups = {
      cache: sessionLookups.labels("cache"),
      better_auth: sessionLookups.labels("better_auth"),
    };
    const read = <K extends keyof MetricSources>(key: K): MetricSources[K] | undefined => this.sources[key];
    new Gauge({
      name: "heartline_sockets_connected",
      help: "Sockets connected to this node, by who they belong to",
      labelNames: ["kind"],
      registers,
      collect() {
        const counts = read("socketsByKind")?.() ?? { visitor: 0, guest: 0, registered: 0 };
        for (const kind of SOCKET_KINDS) this.set({ kind }, counts[kind]);
      },
    });
    gauge(registers, "heartline_group_room_people", "People in the group room on this node", () =>
      read("groupRoomPeople")?.(),
    );
    gauge(
      registers,
      "heartline_random_paired_sockets",
      "Sockets in a random chat with a partner on this node",
      () => read("randomPaired")?.(),
    );
    gauge(
      registers,
      "heartline_random_searching",
      "People waiting in the random chat's line (the whole line: with Redis every node reports the same)",
      () => read("randomSearching")?.(),
    );
    gauge(registers, "heartline_image_jobs_queued", "Image jobs waiting in this node's queue", () =>
      read("imageJobsQueued")?.(),
    );
  }

  setSources(sources: Partial<MetricSources>): void {
    this.sources = { ...this.sources, ...sources };
  }

  randomMatched(): void {
    this.randomMatches.inc();
  }

  rateLimitRefused(rule: string): void {
    this.rateLimited.inc({ rule });
  }

  automodRefusal(rule: string): void {
    this.automodRefused.inc({ rule });
  }

  redisError(): void {
    this.redisErrors.inc();
  }

  databaseError(): void {
    this.databaseErrors.inc();
  }

  sessionLookup(source: SessionLookupSource): void {
    this.sessionLookups[source].inc();
  }
}

function perChat<T>(make: (chat: ChatKind) => T): Record<ChatKind, T> {
  return { group: make("group"), dm: make("dm"), random: make("random") };
}

function gauge(
  registers: Registry[],
  name: string,
  help: string,
  value: () => number | undefined | Promise<number | undefined>,
): void {
  new Gauge({
    name,
    help,
    registers,
    async collect() {
      this.set((await value()) ?? 0);
    },
  });
}

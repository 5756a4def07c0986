import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HUMAN_CHECK_PROVIDERS, type HumanCheckProvider, isValidTimeZone } from "@heartline/shared";
import { z } from "zod";
import { StartupError } from "./errors/startup-error";
import { isLocalUrl } from "./lib/local-request";
import type { VapidKeys } from "./lib/vapid-keys";

/**
 * The only place that reads `process.env` (ARCHITECTURE §3). Everything else receives an `AppConfig`.
 */

const NODE_ENVS = ["development", "test", "production"] as const;
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const AUTH_SECRET_FILE = "auth-secret";
const AUTH_SECRET_MIN_LENGTH = 32;
const DEFAULT_MAIL_FROM = "Heartline <no-reply@localhost>";
/** ALTCHA proof of work: PBKDF2 iterations per attempt and the largest secret counter (ARCHITECTURE §2). */
const DEFAULT_ALTCHA_COST = 1_000;
const DEFAULT_ALTCHA_MAX_COUNTER = 5_000;
/** A household or office behind one address opens a few tabs each; a script opening hundreds is cut. */
const DEFAULT_SOCKET_CONNECTIONS_PER_IP = 20;
const DEFAULT_AI_MODEL = "llama3.2";
/** nsfwjs's porn + hentai at or above this is explicit (issue #15; sexy, e.g. swimwear, is not counted). */
const DEFAULT_MODERATION_IMAGE_THRESHOLD = 0.8;
const DEFAULT_AI_TIMEOUT_MS = 20_000;
const DEFAULT_S3_REGION = "us-east-1";
const METRICS_TOKEN_MIN_LENGTH = 16;
const MAX_AI_TIMEOUT_MS = 10 * 60_000;
/** apps/web/dist, found from this file so it does not depend on the working directory. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL("../../web/dist", import.meta.url));

export type NodeEnv = (typeof NODE_ENVS)[number];
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  /** Absolute. */
  dataDir: string;
  /** PostgreSQL when set; otherwise embedded PGlite in `dataDir/db`. */
  databaseUrl: string | undefined;
  /** Redis adapter and shared presence when set; otherwise in-memory. */
  redisUrl: string | undefined;
  /** The site's origin, without a trailing slash. */
  publicUrl: string;
  /** Browser origins allowed to open sockets; always contains `publicUrl`. */
  allowedOrigins: string[];
  authSecret: string;
  logLevel: LogLevel;
  /** Absolute path of the built web app. */
  webDistDir: string;
  /**
   * Which proxies' `X-Forwarded-*` to believe: none (`false`), the nearest N hops, or these addresses
   * and CIDR ranges. Never "every hop": that lets any client name its own IP (issue #10 hole 7).
   */
  trustProxy: TrustProxy;
  /** The AI companion's endpoint; undefined (AI off) when `AI_BASE_URL` is not set (ARCHITECTURE §3). */
  ai: AiConfig | undefined;
  /** The human check in front of guest, sign-in and sign-up (ARCHITECTURE §2). */
  humanCheck: HumanCheckConfig;
  /** SMTP when `smtpUrl` is set; otherwise the dev outbox in `DATA_DIR/outbox` (ARCHITECTURE §3). */
  mail: MailConfig;
  /**
   * Whether `/dev/outbox` is served (to loopback requests only): never in production, never when
   * `PUBLIC_URL` names a public host, and never with SMTP (there is no outbox then).
   */
  devOutbox: boolean;
  /** Lower-cased e-mails that become admins once verified (ARCHITECTURE §3). */
  adminEmails: string[];
  /** Multiplies every accounts rate limit (1 = the defaults; larger for load or browser tests). */
  authRateLimitScale: number;
  /** Concurrent sockets one client IP may hold, counted across nodes (`SOCKET_CONNECTIONS_PER_IP`). */
  socketConnectionsPerIp: number;
  /** Multiplies every socket event limit (1 = the table in `realtime/event-limits.ts`; larger for load tests). */
  socketEventLimitScale: number;
  /**
   * Benchmark B4 only (`HEARTLINE_BENCH_MEMORY=1`): a server started as a child with an IPC channel
   * answers its parent's `"memory"` message with `process.memoryUsage()` after a GC (main.ts).
   */
  benchMemoryProbe: boolean;
  /** ARCHITECTURE §9.6: streak days are calendar days in this IANA zone (default UTC). */
  streakTimeZone: string;
  /**
   * Web Push (issue #40): the configured VAPID keys (undefined: generated into `DATA_DIR` when the app
   * is built, `lib/vapid-keys.ts`) and the subject.
   */
  vapid: { keys: VapidKeys | undefined; subject: string };
  /** Tests only (refused in production): direct-message sends and streaks see `Date.now() + this`. */
  testClockOffsetMs: number;
  /**
   * Tests only (`TEST_CLOCK=1`, refused in production, issue #37): `POST /api/test/clock` moves that
   * offset while the server runs (features/test-clock). Without it the route does not exist.
   */
  testClock: boolean;
  /**
   * Tests only (`TEST_FAST_PASSWORD_HASH=1`, refused in production): new passwords are hashed at a
   * token scrypt cost (`auth/test-password-hash.ts`), so that suites signing up hundreds of accounts
   * and guessing passwords by the hundred do not spend their time in scrypt.
   */
  testFastPasswordHash: boolean;
  /**
   * Issue #15: an uploaded image whose explicit score (nsfwjs's porn + hentai, 0..1) reaches this is
   * refused in the group room and as a picture or banner, and blurred in direct messages.
   */
  moderationImageThreshold: number;
  /** Uploads in an S3-compatible bucket when `S3_BUCKET` is set; otherwise on disk in `DATA_DIR/uploads`. */
  s3: S3Config | undefined;
  /** `GET /metrics` answers only with `Authorization: Bearer <this>`; undefined: no such route (404). */
  metricsToken: string | undefined;
}

/** An S3-compatible object store for uploads (ARCHITECTURE §3; AWS S3, MinIO, Ceph, R2…). */
export interface S3Config {
  bucket: string;
  /** Without a trailing slash; undefined means AWS's own endpoint for `region`. */
  endpoint: string | undefined;
  region: string;
  /** Both keys, or undefined for the SDK's default chain (an instance role, `AWS_PROFILE`…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path rather than the host name (MinIO and most self-hosted stores need it). */
  forcePathStyle: boolean;
}

export interface HumanCheckConfig {
  provider: HumanCheckProvider;
  altcha: { cost: number; maxCounter: number };
  turnstile: { siteKey: string; secretKey: string } | undefined;
  recaptcha: { siteKey: string; secretKey: string } | undefined;
}

export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
}

/** The OpenAI-compatible endpoint of the AI companion (ARCHITECTURE §2, §9.2). */
export interface AiConfig {
  /** Without a trailing slash, e.g. `http://127.0.0.1:11434/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer`; local servers (Ollama, llama.cpp) need none. */
  apiKey: string | undefined;
  /** How long one request may take before it counts as a failure. */
  timeoutMs: number;
}

export type TrustProxy = false | number | string[];

export type ConfigEnv = Record<string, string | undefined>;

/** Every problem found, one per line, so an operator fixes them all in one go. */
export class ConfigError extends StartupError {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const originUrl = z
  .string()
  .trim()
  .refine(isHttpUrl, "must be an http(s) URL such as https://chat.example.com")
  .transform((value) => new URL(value).origin);

const envSchema = z.object({
  NODE_ENV: z.enum(NODE_ENVS, { error: `must be one of ${NODE_ENVS.join(", ")}` }).default("development"),
  HOST: z.string().trim().min(1, "must not be empty").default("0.0.0.0"),
  PORT: z
    .string()
    .trim()
    .regex(/^\d+$/, "must be a whole number between 0 and 65535")
    .transform(Number)
    .refine((port) => port <= 65535, "must be a whole number between 0 and 65535")
    .default(3000),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  DATABASE_URL: optionalText.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
    "must be a postgres:// URL",
  ),
  REDIS_URL: optionalText.refine(
    (value) => value === undefined || /^rediss?:\/\//.test(value),
    "must be a redis:// or rediss:// URL",
  ),
  PUBLIC_URL: originUrl.default("http://localhost:3000"),
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => parseOrigins(value ?? "", context)),
  AUTH_SECRET: optionalText.refine(
    (value) => value === undefined || value.length >= AUTH_SECRET_MIN_LENGTH,
    `must be at least ${AUTH_SECRET_MIN_LENGTH} characters`,
  ),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).optional(),
  WEB_DIST_DIR: optionalText,
  TRUST_PROXY: z
    .string()
    .max(2_000, "must be at most 2000 characters")
    .transform((value, context) => parseTrustProxy(value, context))
    .default(false),
  AI_BASE_URL: optionalText
    .refine(
      (value) => value === undefined || isHttpUrl(value),
      "must be an http(s) URL such as http://127.0.0.1:11434/v1",
    )
    .transform((value) => value?.replace(/\/+$/, "")),
  AI_MODEL: z.string().trim().min(1, "must not be empty").default(DEFAULT_AI_MODEL),
  AI_API_KEY: optionalText,
  AI_TIMEOUT_MS: z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number of milliseconds between 1 and ${MAX_AI_TIMEOUT_MS}`)
    .transform(Number)
    .refine(
      (ms) => ms >= 1 && ms <= MAX_AI_TIMEOUT_MS,
      `must be a whole number of milliseconds between 1 and ${MAX_AI_TIMEOUT_MS}`,
    )
    .default(DEFAULT_AI_TIMEOUT_MS),
  HUMAN_CHECK: z
    .enum(HUMAN_CHECK_PROVIDERS, { error: `must be one of ${HUMAN_CHECK_PROVIDERS.join(", ")}` })
    .default("altcha"),
  ALTCHA_COST: positiveInteger(1_000_000).default(DEFAULT_ALTCHA_COST),
  ALTCHA_MAX_COUNTER: positiveInteger(10_000_000).default(DEFAULT_ALTCHA_MAX_COUNTER),
  TURNSTILE_SITE_KEY: optionalText,
  TURNSTILE_SECRET_KEY: optionalText,
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_SECRET_KEY: optionalText,
  SMTP_URL: optionalText.refine(
    (value) => value === undefined || /^smtps?:\/\//.test(value),
    "must be an smtp:// or smtps:// URL",
  ),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, "must be an address such as Heartline <no-reply@example.com>")
    .default(DEFAULT_MAIL_FROM),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== ""),
    ),
  AUTH_RATE_LIMIT_SCALE: positiveInteger(1_000).default(1),
  SOCKET_CONNECTIONS_PER_IP: positiveInteger(100_000).default(DEFAULT_SOCKET_CONNECTIONS_PER_IP),
  SOCKET_EVENT_LIMIT_SCALE: positiveInteger(1_000).default(1),
  HEARTLINE_BENCH_MEMORY: z.enum(["0", "1"], { error: "must be 0 or 1" }).default("0"),
  STREAK_TIME_ZONE: z
    .string()
    .trim()
    .refine(isValidTimeZone, "must be an IANA time zone such as UTC or Europe/London")
    .default("UTC"),
  VAPID_PUBLIC_KEY: optionalText.refine(
    (value) => value === undefined || /^[A-Za-z0-9_-]{80,100}$/.test(value),
    "must be a base64url P-256 public key (`npx web-push generate-vapid-keys`)",
  ),
  VAPID_PRIVATE_KEY: optionalText.refine(
    (value) => value === undefined || /^[A-Za-z0-9_-]{40,50}$/.test(value),
    "must be a base64url P-256 private key (`npx web-push generate-vapid-keys`)",
  ),
  VAPID_SUBJECT: optionalText.refine(
    (value) => value === undefined || /^(mailto:|https:\/\/)\S{1,500}$/.test(value),
    "must be a mailto: or https: URL",
  ),
  MODERATION_IMAGE_THRESHOLD: z
    .string()
    .trim()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, "must be a number greater than 0 and at most 1, such as 0.8")
    .transform(Number)
    .refine((value) => value > 0 && value <= 1, "must be a number greater than 0 and at most 1, such as 0.8")
    .default(DEFAULT_MODERATION_IMAGE_THRESHOLD),
  S3_BUCKET: optionalText.refine(
    (value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value),
    "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens",
  ),
  S3_ENDPOINT: optionalText
    .refine(
      (value) => value === undefined || isHttpUrl(value),
      "must be an http(s) URL such as http://minio:9000",
    )
    .transform((value) => value?.replace(/\/+$/, "")),
  S3_REGION: z.string().trim().min(1, "must not be empty").default(DEFAULT_S3_REGION),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(["0", "1", "false", "true"], { error: "must be 0, 1, false or true" })
    .transform((value) => value === "1" || value === "true")
    .default(false),
  METRICS_TOKEN: optionalText.refine(
    (value) => value === undefined || value.length >= METRICS_TOKEN_MIN_LENGTH,
    `must be at least ${METRICS_TOKEN_MIN_LENGTH} characters`,
  ),
  TEST_CLOCK_OFFSET_MS: z
    .string()
    .trim()
    .regex(/^-?\d{1,15}$/, "must be a whole number of milliseconds (may be negative)")
    .transform(Number)
    .default(0),
  TEST_FAST_PASSWORD_HASH: z.enum(["0", "1"], { error: "must be 0 or 1" }).default("0"),
  TEST_CLOCK: z.enum(["0", "1"], { error: "must be 0 or 1" }).default("0"),
});

function positiveInteger(max: number) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number between 1 and ${max}`)
    .transform(Number)
    .refine((value) => value >= 1 && value <= max, `must be a whole number between 1 and ${max}`);
}

/** Parses and checks the environment once at startup. Throws `ConfigError` listing every bad variable. */
export function loadConfig(env: ConfigEnv = process.env): AppConfig {
  const defined = definedOnly(env);
  const parsed = envSchema.safeParse(defined);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`);
  if (defined.NODE_ENV === "production" && defined.AUTH_SECRET === undefined) {
    // ARCHITECTURE §3: a generated secret would differ per machine and log everyone out on redeploy.
    problems.push(
      "AUTH_SECRET: is required when NODE_ENV=production (generate one with `openssl rand -base64 32`)",
    );
  }
  if (parsed.success) problems.push(...humanCheckProblems(parsed.data), ...s3Problems(parsed.data));
  if (parsed.success && parsed.data.TEST_CLOCK_OFFSET_MS !== 0 && parsed.data.NODE_ENV === "production") {
    problems.push("TEST_CLOCK_OFFSET_MS: is for tests only and is refused when NODE_ENV=production");
  }
  if (parsed.success && parsed.data.TEST_CLOCK === "1" && parsed.data.NODE_ENV === "production") {
    problems.push("TEST_CLOCK: is for tests only and is refused when NODE_ENV=production");
  }
  if (
    parsed.success &&
    parsed.data.TEST_FAST_PASSWORD_HASH === "1" &&
    parsed.data.NODE_ENV === "production"
  ) {
    problems.push("TEST_FAST_PASSWORD_HASH: is for tests only and is refused when NODE_ENV=production");
  }
  if (
    parsed.success &&
    (parsed.data.VAPID_PUBLIC_KEY === undefined) !== (parsed.data.VAPID_PRIVATE_KEY === undefined)
  ) {
    problems.push("VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all");
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    nodeEnv: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    publicUrl: values.PUBLIC_URL,
    allowedOrigins: [...new Set([values.PUBLIC_URL, ...values.ALLOWED_ORIGINS])],
    authSecret: values.AUTH_SECRET ?? readOrCreateAuthSecret(dataDir),
    logLevel: values.LOG_LEVEL ?? (values.NODE_ENV === "test" ? "silent" : "info"),
    webDistDir: values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
    trustProxy: values.TRUST_PROXY,
    ai: values.AI_BASE_URL
      ? {
          baseUrl: values.AI_BASE_URL,
          model: values.AI_MODEL,
          apiKey: values.AI_API_KEY,
          timeoutMs: values.AI_TIMEOUT_MS,
        }
      : undefined,
    humanCheck: {
      provider: values.HUMAN_CHECK,
      altcha: { cost: values.ALTCHA_COST, maxCounter: values.ALTCHA_MAX_COUNTER },
      turnstile: keyPair(values.TURNSTILE_SITE_KEY, values.TURNSTILE_SECRET_KEY),
      recaptcha: keyPair(values.RECAPTCHA_SITE_KEY, values.RECAPTCHA_SECRET_KEY),
    },
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM },
    devOutbox:
      values.NODE_ENV !== "production" && values.SMTP_URL === undefined && isLocalUrl(values.PUBLIC_URL),
    adminEmails: values.ADMIN_EMAILS,
    authRateLimitScale: values.AUTH_RATE_LIMIT_SCALE,
    socketConnectionsPerIp: values.SOCKET_CONNECTIONS_PER_IP,
    socketEventLimitScale: values.SOCKET_EVENT_LIMIT_SCALE,
    benchMemoryProbe: values.HEARTLINE_BENCH_MEMORY === "1",
    streakTimeZone: values.STREAK_TIME_ZONE,
    vapid: {
      keys:
        values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
          ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
          : undefined,
      subject: values.VAPID_SUBJECT ?? vapidSubjectOf(values.PUBLIC_URL),
    },
    testClockOffsetMs: values.TEST_CLOCK_OFFSET_MS,
    testClock: values.TEST_CLOCK === "1",
    testFastPasswordHash: values.TEST_FAST_PASSWORD_HASH === "1",
    moderationImageThreshold: values.MODERATION_IMAGE_THRESHOLD,
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          endpoint: values.S3_ENDPOINT,
          region: values.S3_REGION,
          credentials:
            values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: values.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    metricsToken: values.METRICS_TOKEN,
  };
}

type EnvValues = z.infer<typeof envSchema>;

/** A selected Turnstile or reCAPTCHA needs both keys; `off` is refused in production (ARCHITECTURE §2). */
function humanCheckProblems(values: EnvValues): string[] {
  const problems: string[] = [];
  if (
    values.HUMAN_CHECK === "turnstile" &&
    !keyPair(values.TURNSTILE_SITE_KEY, values.TURNSTILE_SECRET_KEY)
  ) {
    problems.push("HUMAN_CHECK: turnstile needs TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY");
  }
  if (
    values.HUMAN_CHECK === "recaptcha" &&
    !keyPair(values.RECAPTCHA_SITE_KEY, values.RECAPTCHA_SECRET_KEY)
  ) {
    problems.push("HUMAN_CHECK: recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY");
  }
  if (values.HUMAN_CHECK === "off" && values.NODE_ENV === "production") {
    problems.push("HUMAN_CHECK: off is for tests only and is refused when NODE_ENV=production");
  } else if (values.HUMAN_CHECK === "off" && !isLocalUrl(values.PUBLIC_URL)) {
    // A public host is reachable by bots: the check stays on unless the site is this machine alone.
    problems.push("HUMAN_CHECK: off is for tests only and is refused when PUBLIC_URL is not a local address");
  }
  return problems;
}

/** The S3 store is chosen by its bucket: an endpoint or keys without one are a mistake, not the disk. */
function s3Problems(values: EnvValues): string[] {
  const problems: string[] = [];
  if (!values.S3_BUCKET && (values.S3_ENDPOINT || values.S3_ACCESS_KEY_ID || values.S3_SECRET_ACCESS_KEY)) {
    problems.push("S3_BUCKET: is required when S3_ENDPOINT or S3 keys are set (uploads go to that bucket)");
  }
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    problems.push("S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither)");
  }
  return problems;
}

function keyPair(siteKey: string | undefined, secretKey: string | undefined) {
  return siteKey && secretKey ? { siteKey, secretKey } : undefined;
}

/** The default VAPID subject: the site when it is https, else a mailto: the push services accept. */
function vapidSubjectOf(publicUrl: string): string {
  return publicUrl.startsWith("https://") ? publicUrl : "mailto:admin@heartline.invalid";
}

/** The secret generated on first start of an embedded install, kept so sessions survive restarts. */
function readOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= AUTH_SECRET_MIN_LENGTH) return stored;
  } catch (error) {
    if (!isMissingFile(error)) throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  // The mode above only applies when the file is created; an older, too-short file is overwritten.
  chmodSync(file, 0o600);
  return secret;
}

const MAX_PROXY_HOPS = 10;
const TRUST_PROXY_HINT =
  "give the number of proxies in front of the server (1 for one nginx) or their addresses/CIDR ranges, comma-separated";

/** `false`/`0`, a hop count, or a list of addresses and CIDR ranges (Fastify's `trustProxy`). */
function parseTrustProxy(raw: string, context: z.RefinementCtx): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (["", "false", "0", "no"].includes(value)) return false;
  if (["true", "yes"].includes(value)) {
    context.addIssue({
      code: "custom",
      message: `"true" trusts every hop, so any client could forge X-Forwarded-For; ${TRUST_PROXY_HINT}`,
    });
    return false;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_PROXY_HOPS) return hops;
    context.addIssue({ code: "custom", message: `must be at most ${MAX_PROXY_HOPS} hops` });
    return false;
  }
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    context.addIssue({
      code: "custom",
      message: `${bad.map((entry) => `"${entry}"`).join(", ")}: ${TRUST_PROXY_HINT}`,
    });
    return false;
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

function parseOrigins(list: string, context: z.RefinementCtx): string[] {
  const origins: string[] = [];
  for (const entry of list.split(",")) {
    const value = entry.trim();
    if (value === "") continue;
    if (isHttpUrl(value)) {
      origins.push(new URL(value).origin);
    } else {
      context.addIssue({ code: "custom", message: `"${value}" is not an http(s) origin` });
    }
  }
  return origins;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** An empty variable (`PORT=`) means "use the default", as in most deployment tools. */
function definedOnly(env: ConfigEnv): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== "") result[key] = value;
  }
  return result;
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}

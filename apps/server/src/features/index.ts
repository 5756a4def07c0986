import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { readOrCreateVapidKeys } from "../lib/vapid-keys";
import { authPlugin } from "../plugins/auth";
import { socketCensus } from "../realtime/socket-census";
import {
  createAccountDeletion,
  createAccounts,
  createAuthEvents,
  createSessionGuards,
  createSocketIdentities,
  type DeleteUser,
} from "./accounts/index";
import { type AiCompanion, createAiCompanionFeature } from "./ai-companion/index";
import { createAnalytics } from "./analytics/index";
import { createAutomod } from "./automod/index";
import { createBlocks } from "./blocks/index";
import { createConfessionContent, createConfessions, type ScatteredPushOptions } from "./confessions/index";
import { createDirectMessages } from "./direct-messages/index";
import type { AccountRemovalStep, Feature } from "./feature";
import { createFriends } from "./friends/index";
import { createGroupChat, createGroupMessages } from "./group-chat/index";
import { createHealth } from "./health/index";
import { createDevOutbox } from "./mail/index";
import { createModeration } from "./moderation/index";
import { createNotifications, type NotificationsOptions } from "./notifications/index";
import { createPresence } from "./presence/index";
import { createImageJobs, createProfiles, type ImageJobsOptions } from "./profiles/index";
import { createRandomChat, type RandomChatOptions } from "./random-chat/index";
import { createStreaks } from "./streaks/index";
import { createTestClock, createTestClockFeature } from "./test-clock/index";

export interface RegisterFeaturesOptions {
  /** Random-chat tunables (tests shorten the AI companion's 15 s wait). */
  randomChat?: RandomChatOptions;
  /** How often a signed-in socket re-reads its session (default 60 s; tests shorten it). */
  sessionCheckIntervalMs?: number;
  /** Tests only: the clock of direct-message sends and streak reads (default `Date.now`). */
  clock?: () => number;
  /** How an account deletion's wall removals are spread (ADR 0014; tests shorten the 10-minute window). */
  accountRemovalPushes?: ScatteredPushOptions;
  /** Tests only: the image queue's limits. */
  imageJobs?: ImageJobsOptions;
  /** Tests only: an AI companion of the test's, to watch its state. */
  aiCompanion?: AiCompanion;
  /** Tests only: the notifications' retry delays and streak-reminder interval. */
  notifications?: NotificationsOptions;
}

export type { AiCompanion, ImageJobsOptions, NotificationsOptions };

/**
 * The composition root (STYLE Layout; docs/architecture.md), the one place features are put together.
 * Every feature is a factory `createX(deps) → Feature` (features/feature.ts) that takes what it needs
 * explicitly: the infrastructure plugins' decorations, read here once, and the other features' pieces
 * built before it. Nothing of a feature is read back off `app`.
 * Each feature's contribution is then mounted the same way for all of them, from one list: its routes
 * (full paths), its socket handlers, its start and stop, and its account-removal step. Account
 * deletion is built once from those steps (`createAccountDeletion`) and is the same function for the
 * profile route, sign-up and Better Auth's "guest signed in elsewhere" (issue #33), so a feature in the
 * list cannot be left out of any path. The auth plugin, whose callbacks are the accounts feature's,
 * is mounted here too, before the features that guard their routes with its sessions.
 */
export async function registerFeatures(
  app: FastifyInstance,
  options: RegisterFeaturesOptions,
): Promise<void> {
  const { config, db, dbHandle, redis, io, log, storage, mailer, humanCheck, outbox, metrics } = app;
  // A test clock: the injected one, or `TEST_CLOCK_OFFSET_MS` and, with `TEST_CLOCK=1`, moved by
  // `POST /api/test/clock` (both refused in production by the config).
  const testClock = createTestClock(config.testClockOffsetMs);
  const isTestClockOn = config.testClock || config.testClockOffsetMs !== 0;
  const clock = options.clock ?? (isTestClockOn ? testClock.now : undefined);
  const clockOption = clock ? { clock } : {};

  // Every feature's removal step, set once the list below is complete; no deletion runs before.
  let removalSteps: readonly AccountRemovalStep[] = [];
  // Socket handshakes answered from memory (ADR 0022), forgotten by every use case that ends a session.
  const identities = createSocketIdentities({
    io,
    redis,
    log,
    onLookup: (source) => metrics.sessionLookup(source),
  });
  const deleteUser: DeleteUser = createAccountDeletion({
    db,
    io,
    identities,
    steps: () => removalSteps,
    ...clockOption,
  });
  await app.register(authPlugin, {
    events: createAuthEvents({ db, config, io, mailer, log, deleteUser, identities }),
  });
  const { auth } = app;
  app.decorateRequest("currentSession", null);
  const guards = createSessionGuards({ auth, db, redis });

  const ai = createAiCompanionFeature({
    ai: config.ai,
    log,
    ...(options.aiCompanion ? { companion: options.aiCompanion } : {}),
  });
  const automod = await createAutomod({
    db,
    io,
    redis,
    log,
    guards,
    imageThreshold: config.moderationImageThreshold,
    onRefused: (rule) => metrics.automodRefusal(rule),
    // Moderation is built below; AutoMod only mutes once requests are served.
    mute: (input) => moderation.muteAutomatically(input),
    ...clockOption,
  });
  const accounts = createAccounts({
    db,
    auth,
    config,
    io,
    redis,
    mailer,
    log,
    guards,
    humanCheck,
    deleteUser,
    identities,
    listen: dbHandle.listen,
    screenUsername: automod.assertUsernameAllowed,
    // Moderation is built below; guests are created only once requests are served.
    isBrowserBanned: async (deviceId) => (await moderation.readStanding({ userId: "", deviceId })).isBanned,
    ...(options.sessionCheckIntervalMs ? { sessionCheckIntervalMs: options.sessionCheckIntervalMs } : {}),
    ...clockOption,
  });
  // What moderation and the wall's removal step need of the wall, made before both.
  const confessionContent = createConfessionContent({
    db,
    io,
    log,
    ...(options.accountRemovalPushes ? { accountRemoval: options.accountRemovalPushes } : {}),
  });
  // Issue #33: one queue for every upload path's image work, off most of libuv's pool (ADR 0016).
  const imageJobs = createImageJobs(options.imageJobs);
  const presence = createPresence({ io, redis, log, db });
  const moderation = createModeration({
    db,
    io,
    redis,
    log,
    guards,
    groupMessages: createGroupMessages({ db, io, storage, log }),
    confessions: confessionContent,
  });
  // Issue #40: built before every feature that tells it something (`notify` only queues).
  const notifications = createNotifications({
    ...options.notifications,
    db,
    io,
    redis,
    log,
    guards,
    vapid: {
      ...(config.vapid.keys ?? readOrCreateVapidKeys(config.dataDir)),
      subject: config.vapid.subject,
    },
    timeZone: config.streakTimeZone,
    allowLoopbackEndpoints: config.nodeEnv === "test",
    ...clockOption,
  });
  const { notify, markThreadRead } = notifications;
  const friends = createFriends({ db, io, redis, log, guards, notify });
  const streaks = createStreaks({ db, io, guards, timeZone: config.streakTimeZone, ...clockOption });
  // What both chats that take pictures are made from (issue #33: one image queue for both).
  const imageChatDeps = { db, io, redis, log, metrics, storage, guards, automod, imageJobs };
  const directMessages = createDirectMessages({
    ...imageChatDeps,
    streaks: streaks.recorder,
    notify,
    markThreadRead,
    ...clockOption,
  });
  const groupChat = createGroupChat({ ...imageChatDeps, moderation, clock });
  const confessions = createConfessions({
    db,
    io,
    redis,
    log,
    guards,
    moderation,
    automod,
    content: confessionContent,
    notify,
    ...clockOption,
  });
  const randomChat = createRandomChat({
    ...options.randomChat,
    io,
    redis,
    db,
    ai: ai.companion,
    log,
    metrics,
    moderation,
    automod,
    authSecret: config.authSecret,
  });

  // Every feature, once. The order is the sockets' handler order (accounts first: its session
  // re-check stops a signed-out session's events before any feature's handlers), the removal steps'
  // order inside the deletion's transaction, and the start and stop order.
  const features: readonly Feature[] = [
    accounts,
    ai,
    presence,
    randomChat,
    groupChat,
    moderation,
    directMessages,
    confessions,
    friends,
    streaks,
    notifications,
    automod,
    createBlocks({ db, io, friendships: friends.friendships, guards }),
    createHealth({ dbHandle, redis }),
    createAnalytics({ db, redis }),
    createDevOutbox({ isEnabled: config.devOutbox, outbox }),
    createTestClockFeature({ clock: testClock, isEnabled: config.testClock && !options.clock }),
    createProfiles({
      db,
      storage,
      io,
      log,
      redis,
      auth,
      guards,
      countFriends: friends.countFriends,
      deleteUser,
      automod,
      imageJobs,
      ...clockOption,
    }),
  ];
  metrics.setSources({ ...socketCensus(io), imageJobsQueued: () => imageJobs.waiting });
  removalSteps = features.flatMap((feature) => (feature.removeAccount ? [feature.removeAccount] : []));

  for (const feature of features) if (feature.socketMiddleware) io.use(feature.socketMiddleware);
  io.on("connection", (socket) => {
    for (const feature of features) feature.registerHandlers?.(socket);
    // Once every feature listens, the socket learns its session.
    accounts.announceSession(socket);
  });
  for (const feature of features) {
    // Every route at its full path (`/api/...`): no prefix is added here.
    if (feature.routes) await app.register(feature.routes as FastifyPluginAsync);
  }
  for (const feature of features) feature.start?.();
  app.addHook("onClose", async () => {
    // The sockets are closed by now (the socket plugin's preClose).
    for (const feature of features) await feature.stop?.();
  });
}

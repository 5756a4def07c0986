import type { FastifyInstance } from "fastify";
import { authPlugin } from "../plugins/auth";
import {
  accountsRoutes,
  adultConfirmationListeners,
  createAccountLimiters,
  createAuthEvents,
  createSessionGuards,
  createSessionWatch,
  createSocketIdentityMiddleware,
  emitSession,
  joinAccountRooms,
} from "./accounts/index";
import { analyticsRoutes, createPageViewLimiter } from "./analytics/index";
import { createAutomod } from "./automod/index";
import { blocksRoutes } from "./blocks/index";
import { createConfessionContent, createConfessions, type ScatteredPushOptions } from "./confessions/index";
import { createDirectMessages } from "./direct-messages/index";
import { createFriends } from "./friends/index";
import { createGroupChat, createGroupMessages } from "./group-chat/index";
import { healthRoutes } from "./health/index";
import { devOutboxRoutes } from "./mail/index";
import { createModeration } from "./moderation/index";
import { createPresence } from "./presence/index";
import { createImageJobs, deleteAccount, type ImageJobsOptions, profilesRoutes } from "./profiles/index";
import { createRandomChat, type RandomChatOptions } from "./random-chat/index";
import { createStreaks } from "./streaks/index";

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
}

export type { ImageJobsOptions };

/**
 * The composition root (STYLE Layout): every feature is created here from explicit dependencies
 * (the infrastructure plugins' decorations), and here its routes and socket handlers are registered.
 * Features never find each other on `app`: what one needs from another is passed in (moderation to
 * the group and random chats, the group's messages to moderation, account deletion to sign-up).
 * Account deletion is built once, here, with every feature's part, and is the same function for the
 * profile route, sign-up and Better Auth's "guest signed in elsewhere" (issue #33); so the auth plugin,
 * whose callbacks are the accounts feature's, is mounted here too.
 */
export async function registerFeatures(
  app: FastifyInstance,
  options: RegisterFeaturesOptions,
): Promise<void> {
  const { config, db, dbHandle, redis, io, log, storage, mailer } = app;
  // A test clock: the injected one, or `TEST_CLOCK_OFFSET_MS` (refused in production by the config).
  const offset = config.testClockOffsetMs;
  const clock = options.clock ?? (offset !== 0 ? () => Date.now() + offset : undefined);

  const confessionContent = createConfessionContent({
    db,
    io,
    log,
    ...(options.accountRemovalPushes ? { accountRemoval: options.accountRemovalPushes } : {}),
  });
  const deleteUser = (userId: string) =>
    deleteAccount({ db, storage, io, log, userId, removeFromWall: confessionContent.detachAccount });
  await app.register(authPlugin, {
    events: createAuthEvents({ db, config, io, mailer, log, deleteUser }),
  });
  const { auth } = app;

  app.decorateRequest("currentSession", null);
  const guards = createSessionGuards({ auth, db, redis });
  const automod = await createAutomod({
    db,
    io,
    redis,
    log,
    guards,
    imageThreshold: config.moderationImageThreshold,
    // Moderation is built below; AutoMod only mutes once requests are served.
    mute: (input) => moderation.muteAutomatically(input),
    ...(clock ? { clock } : {}),
  });
  app.addHook("onClose", () => automod.close());
  // Issue #33: one queue for every upload path's image work, off most of libuv's pool (ADR 0016).
  const imageJobs = createImageJobs(options.imageJobs);
  const accounts = {
    db,
    auth,
    config,
    io,
    mailer,
    log,
    limiters: createAccountLimiters(redis, config.authRateLimitScale),
    deleteUser,
    screenUsername: automod.assertUsernameAllowed,
  };
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
  const friends = createFriends({ db, io, redis, log, guards });
  const streaks = createStreaks({
    db,
    io,
    guards,
    timeZone: config.streakTimeZone,
    ...(clock ? { clock } : {}),
  });
  // What both chats that take pictures are made from (issue #33: one image queue for both).
  const imageChatDeps = { db, io, redis, log, storage, guards, automod, imageJobs };
  const directMessages = createDirectMessages({
    ...imageChatDeps,
    streaks: streaks.recorder,
    ...(clock ? { clock } : {}),
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
    ...(clock ? { clock } : {}),
  });
  const randomChat = createRandomChat({
    ...options.randomChat,
    io,
    redis,
    db,
    ai: app.aiCompanion,
    log,
    moderation,
    automod,
    authSecret: config.authSecret,
  });

  io.use(
    createSocketIdentityMiddleware({
      authSecret: config.authSecret,
      auth,
      onSessionError: (error) => log.warn({ err: error }, "socket session lookup failed"),
    }),
  );
  const sessionWatch = createSessionWatch({
    db,
    log,
    ...(options.sessionCheckIntervalMs ? { intervalMs: options.sessionCheckIntervalMs } : {}),
  });
  const adultConfirmation = adultConfirmationListeners({ authSecret: config.authSecret, log });
  io.on("connection", (socket) => {
    // The one place a signed-in socket joins `user:{id}` (bans, mutes, account pushes reach it there).
    joinAccountRooms(socket);
    // Before any feature's handlers: a signed-out session's events stop here (after the rate limits).
    sessionWatch.watch(socket);
    presence.registerHandlers(socket);
    adultConfirmation.attach(socket);
    randomChat.registerHandlers(socket);
    groupChat.registerHandlers(socket);
    moderation.registerHandlers(socket);
    directMessages.registerHandlers(socket);
    confessions.registerHandlers(socket);
    emitSession(socket, config.authSecret);
  });
  presence.start();
  randomChat.start();
  app.addHook("onClose", async () => {
    sessionWatch.stop();
    await presence.stop();
    await randomChat.stop();
    groupChat.stop();
    await confessions.stop();
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes({ dbHandle, redis }));
      await api.register(presence.routes);
      await api.register(analyticsRoutes({ db, limiter: createPageViewLimiter(redis) }));
      await api.register(groupChat.routes);
      await api.register(moderation.routes);
      await api.register(moderation.adminRoutes, { prefix: "/admin" });
    },
    { prefix: "/api" },
  );
  // Friends and blocks register their full `SOCIAL_PATHS` (`/api/...`).
  await app.register(friends.routes);
  await app.register(directMessages.routes);
  await app.register(streaks.routes);
  // The confession wall registers its full `CONFESSION_PATHS` (`/api/confessions`, `/api/admin/confessions`).
  await app.register(confessions.routes);
  await app.register(confessions.adminRoutes);
  await app.register(automod.routes);
  await app.register(blocksRoutes({ deps: { db, io, friendships: friends.friendships }, guards }));
  await app.register(accountsRoutes({ deps: accounts, guards, humanCheck: app.humanCheck }));
  await app.register(devOutboxRoutes({ isEnabled: config.devOutbox, outbox: app.outbox }));
  await app.register(
    profilesRoutes({
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
    }),
  );
}

import multipart from "@fastify/multipart";
import {
  ACCOUNT_PATHS,
  checkUsernameQuerySchema,
  profileUpdateSchema,
  userIdSchema,
  VALIDATION_MESSAGES,
} from "@heartline/shared";
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Auth } from "../../auth/create-auth";
import type { Database } from "../../db/create-database";
import type { ChatUploadKind, UploadKind } from "../../db/schema";
import type { FileStore } from "../../lib/file-store";
import type { RedisClient } from "../../lib/redis-client";
import { userRoom } from "../../realtime/rooms";
import type { HeartlineServer } from "../../realtime/types";
import { type SessionGuards, sessionOf, toAccountUser, usernameRefusal } from "../accounts/index";
import type { AutomodGate } from "../automod/index";
import { clearSessionCookies } from "./clear-session-cookies";
import { getPublicProfile } from "./get-public-profile";
import type { ImageJobs } from "./image-jobs";
import { createProfileRateLimits } from "./profile-rate-limits";
import { IMAGE_UPLOAD_LIMITS, readUploadFile } from "./read-upload-file";
import { replaceProfileImage } from "./replace-profile-image";
import { updateProfile } from "./update-profile";

export interface ProfilesDeps {
  db: Database;
  storage: FileStore;
  io: HeartlineServer;
  log: FastifyBaseLogger;
  redis: RedisClient | null;
  auth: Auth;
  guards: SessionGuards;
  /** spec §3 friend count on public profiles (the friends feature's, passed in by the composition root). */
  countFriends: (userId: string) => Promise<number>;
  /** The app's one account deletion (every feature's removal step), built by the composition root. */
  deleteUser: (userId: string) => Promise<void>;
  /** Issue #15: every picture and banner passes the nudity classifier. */
  automod: Pick<AutomodGate, "screenImage">;
  /** The app's image queue (issue #33), shared with the chat images. */
  imageJobs: ImageJobs;
  /** The clock deleted names' holds are compared with (issue #38; default `Date.now`, tests move it). */
  clock?: () => number;
}

/**
 * Profiles, pictures and account deletion (spec §3 User, §4 deletion, §5 Image upload, §6). Every
 * write acts on the session's own user: no write route takes a user id (spec §6 "Only the signed-in
 * user can update their own profile").
 */
export function profilesRoutes(deps: ProfilesDeps): FastifyPluginAsync {
  const { db, storage, io, log, guards } = deps;
  const files = { db, storage, log };
  const signedIn = { preHandler: guards.requireUser() };
  // The user's other tabs refetch their account (events contract `account_updated`).
  const notifyAccountUpdated = (userId: string) =>
    io.to(userRoom(userId)).emit("account_updated", { userId });

  return async (app) => {
    // Registered here (encapsulated): only the two upload routes accept multipart bodies.
    await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });
    const limits = createProfileRateLimits(deps.redis);

    app.get(ACCOUNT_PATHS.checkUsername, async (request, reply) => {
      await limits.consumeUsernameCheck(request.ip);
      const query = checkUsernameQuerySchema.parse(request.query);
      const session = await guards.readSession(request);
      const refusal = await usernameRefusal({
        db,
        username: query.username.trim(),
        ignoreEndedGuests: query.for !== "guest",
        now: (deps.clock ?? Date.now)(),
        ...(session ? { exceptUserId: session.user.id } : {}),
      });
      reply.header("cache-control", "no-store");
      return refusal ? { available: false, message: refusal } : { available: true };
    });

    app.get("/api/users/:id", signedIn, async (request, reply) => {
      const id = userIdSchema.parse((request.params as { id: string }).id);
      reply.header("cache-control", "no-store");
      return getPublicProfile({ db, id, countFriends: deps.countFriends });
    });

    app.patch(ACCOUNT_PATHS.myProfile, signedIn, async (request) => {
      const { user } = sessionOf(request);
      const input = profileUpdateSchema.parse(request.body ?? {});
      const row = await updateProfile({ ...files, userId: user.id, input });
      notifyAccountUpdated(row.id);
      return { user: toAccountUser(row) };
    });

    app.delete(ACCOUNT_PATHS.myProfile, signedIn, async (request, reply) => {
      const { user } = sessionOf(request);
      await deps.deleteUser(user.id);
      await clearSessionCookies(deps.auth, reply);
      return { ok: true };
    });

    // spec §5 'User must be authenticated to upload files', before a byte of the file is read.
    const uploader = {
      preHandler: guards.requireUser({ message: VALIDATION_MESSAGES.uploadUnauthenticated }),
    };
    const upload = (kind: Exclude<UploadKind, ChatUploadKind>) => async (request: FastifyRequest) => {
      const { user } = sessionOf(request);
      await limits.consumeUpload(user.id, request.ip);
      const file = await readUploadFile(request);
      const row = await replaceProfileImage({
        ...files,
        automod: deps.automod,
        imageJobs: deps.imageJobs,
        userId: user.id,
        kind,
        file,
      });
      notifyAccountUpdated(row.id);
      return { user: toAccountUser(row) };
    };
    app.post(ACCOUNT_PATHS.myAvatar, uploader, upload("profile"));
    app.post(ACCOUNT_PATHS.myBanner, uploader, upload("banner"));
  };
}

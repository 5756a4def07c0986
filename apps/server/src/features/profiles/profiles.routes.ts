import multipart from "@fastify/multipart";
import {
  ACCOUNT_PATHS,
  checkUsernameQuerySchema,
  profileUpdateSchema,
  userIdSchema,
  VALIDATION_MESSAGES,
} from "@heartline/shared";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import type { UploadKind } from "../../db/schema";
import { userRoom } from "../../realtime/rooms";
import { toAccountUser } from "../accounts/account-user";
import { readCurrentSession, requireSession } from "../accounts/current-session";
import { isUsernameTaken } from "../accounts/username-taken";
import { clearSessionCookies } from "./clear-session-cookies";
import { deleteAccount } from "./delete-account";
import { getPublicProfile } from "./get-public-profile";
import { createProfileRateLimits } from "./profile-rate-limits";
import { IMAGE_UPLOAD_LIMITS, readUploadFile } from "./read-upload-file";
import { replaceProfileImage } from "./replace-profile-image";
import { updateProfile } from "./update-profile";

/**
 * Profiles, pictures and account deletion (spec §3 User, §4 deletion, §5 Image upload, §6). Every
 * write acts on the session's own user: no write route takes a user id (spec §6 "Only the signed-in
 * user can update their own profile").
 */
export const profilesRoutes: FastifyPluginAsync = async (app) => {
  // Registered here (encapsulated): only the two upload routes accept multipart bodies.
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });
  const limits = createProfileRateLimits(app.redis);
  const deps = () => ({ db: app.db, storage: app.storage, log: app.log });

  app.get(ACCOUNT_PATHS.checkUsername, async (request, reply) => {
    await limits.consumeUsernameCheck(request.ip);
    const query = checkUsernameQuerySchema.parse(request.query);
    const session = await readCurrentSession(app, request);
    const taken = await isUsernameTaken(app.db, query.username.trim(), {
      ignoreGuests: query.for !== "guest",
      ...(session ? { exceptUserId: session.user.id } : {}),
    });
    reply.header("cache-control", "no-store");
    return { available: !taken };
  });

  app.get("/api/users/:id", async (request, reply) => {
    await requireSession(app, request);
    const id = userIdSchema.parse((request.params as { id: string }).id);
    reply.header("cache-control", "no-store");
    return getPublicProfile(app.db, id);
  });

  app.patch(ACCOUNT_PATHS.myProfile, async (request) => {
    const { user } = await requireSession(app, request);
    const input = profileUpdateSchema.parse(request.body ?? {});
    const row = await updateProfile({ ...deps(), userId: user.id, input });
    notifyAccountUpdated(app, row.id);
    return { user: toAccountUser(row) };
  });

  app.delete(ACCOUNT_PATHS.myProfile, async (request, reply) => {
    const { user } = await requireSession(app, request);
    await deleteAccount({ ...deps(), io: app.io, userId: user.id });
    await clearSessionCookies(app.auth, reply);
    return { ok: true };
  });

  const upload = (kind: UploadKind) => async (request: FastifyRequest) => {
    // spec §5 'User must be authenticated to upload files', before a byte of the file is read.
    const { user } = await requireSession(app, request, VALIDATION_MESSAGES.uploadUnauthenticated);
    await limits.consumeUpload(user.id, request.ip);
    const file = await readUploadFile(request);
    const row = await replaceProfileImage({ ...deps(), userId: user.id, kind, file });
    notifyAccountUpdated(app, row.id);
    return { user: toAccountUser(row) };
  };
  app.post(ACCOUNT_PATHS.myAvatar, upload("profile"));
  app.post(ACCOUNT_PATHS.myBanner, upload("banner"));
};

/** The user's other tabs refetch their account (events contract `account_updated`). */
function notifyAccountUpdated(app: FastifyInstance, userId: string): void {
  app.io.to(userRoom(userId)).emit("account_updated", { userId });
}

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import { type ChatUploadKind, type UploadKind, uploads, user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { FileStore } from "../../lib/file-store";
import type { UserRow } from "../accounts/index";
import { type AutomodGate, moderationColumns } from "../automod/index";
import type { ImageJobs } from "./image-jobs";
import { prepareImage } from "./prepare-image";

export interface ReplaceProfileImageOptions {
  db: Database;
  storage: FileStore;
  log: FastifyBaseLogger;
  userId: string;
  kind: Exclude<UploadKind, ChatUploadKind>;
  file: Buffer;
  /** Issue #15: an explicit picture is refused (naming the rule) before anything is stored. */
  automod: Pick<AutomodGate, "screenImage">;
  /** The app's image queue (issue #33). */
  imageJobs: ImageJobs;
}

/** The user row's columns for each picture (spec §3 User: profileImage(Path), bannerImage(Path)). */
export const IMAGE_COLUMNS = {
  profile: { url: "profileImage", path: "profileImagePath" },
  banner: { url: "bannerImage", path: "bannerImagePath" },
} as const;

/**
 * spec §5 Image upload, §7 File storage: the checked and re-encoded picture is stored under the
 * user's own folder `users/{id}/{profile|banner}/{uuid}.{jpg|gif}`, the user row points at it, an
 * `uploads` row records it, and the previous file (and its row) goes. The row is locked while it
 * changes, so two uploads at once cannot both keep a file.
 */
export async function replaceProfileImage(options: ReplaceProfileImageOptions): Promise<UserRow> {
  const { db, storage, userId, kind } = options;
  const { image, verdict } = await prepareImage({
    jobs: options.imageJobs,
    automod: options.automod,
    surface: kind,
    userId,
    file: options.file,
  });
  const key = `users/${userId}/${kind}/${randomUUID()}.${image.extension}`;
  const columns = IMAGE_COLUMNS[kind];
  await storage.put(key, image.data);

  let previousKey: string | null = null;
  let updated: UserRow | undefined;
  try {
    updated = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(user).where(eq(user.id, userId)).for("update");
      if (!current) throw new AppError("unauthorized");
      previousKey = current[columns.path];
      const [row] = await tx
        .update(user)
        .set({ [columns.url]: storage.publicUrl(key), [columns.path]: key, updatedAt: new Date() })
        .where(eq(user.id, userId))
        .returning();
      await tx.insert(uploads).values({
        userId,
        kind,
        storagePath: key,
        mime: image.mime,
        bytes: image.data.length,
        width: image.width,
        height: image.height,
        ...moderationColumns(verdict),
      });
      if (previousKey) await tx.delete(uploads).where(eq(uploads.storagePath, previousKey));
      return row;
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (previousKey && previousKey !== key) await removeFile(options, previousKey);
  if (!updated) throw new AppError("unauthorized");
  return updated;
}

/** A file that cannot be removed is logged, not shown: the picture itself has already changed. */
export async function removeFile(
  options: { storage: FileStore; log: FastifyBaseLogger },
  key: string,
): Promise<void> {
  try {
    await options.storage.delete(key);
  } catch (error) {
    options.log.warn({ err: error, key }, "could not remove a replaced upload");
  }
}

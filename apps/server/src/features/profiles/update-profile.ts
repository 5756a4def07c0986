import type { ProfileUpdateInput } from "@heartline/shared";
import { eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import { uploads, user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { FileStore } from "../../lib/file-store";
import type { UserRow } from "../accounts/index";
import { removeFile } from "./replace-profile-image";

export interface UpdateProfileOptions {
  db: Database;
  storage: FileStore;
  log: FastifyBaseLogger;
  /** Always the session's user: there is no route that writes another user's profile (spec §6). */
  userId: string;
  input: ProfileUpdateInput;
}

/**
 * PATCH /api/users/me (spec §3 User: bio, profileImage; §6 only the user changes their own profile).
 * A built-in avatar (`avatar-1`…`avatar-4`) or null replaces an uploaded picture, whose file goes;
 * `bannerImage: null` removes the banner. An empty bio is stored as none.
 */
export async function updateProfile(options: UpdateProfileOptions): Promise<UserRow> {
  const { db, userId, input } = options;
  const removedKeys: string[] = [];
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(user).where(eq(user.id, userId)).for("update");
    if (!current) throw new AppError("unauthorized");
    const changes: Partial<typeof user.$inferInsert> = { updatedAt: new Date() };
    if (input.bio !== undefined) changes.bio = input.bio === "" ? null : input.bio;
    if (input.showSensitiveImages !== undefined) changes.showSensitiveImages = input.showSensitiveImages;
    if (input.locale !== undefined) changes.locale = input.locale;
    if (input.profileImage !== undefined) {
      changes.profileImage = input.profileImage;
      changes.profileImagePath = null;
      if (current.profileImagePath) removedKeys.push(current.profileImagePath);
    }
    if (input.bannerImage !== undefined) {
      changes.bannerImage = null;
      changes.bannerImagePath = null;
      if (current.bannerImagePath) removedKeys.push(current.bannerImagePath);
    }
    if (removedKeys.length > 0) await tx.delete(uploads).where(inArray(uploads.storagePath, removedKeys));
    const [row] = await tx.update(user).set(changes).where(eq(user.id, userId)).returning();
    return row;
  });
  if (!updated) throw new AppError("unauthorized");
  for (const key of removedKeys) await removeFile(options, key);
  return updated;
}

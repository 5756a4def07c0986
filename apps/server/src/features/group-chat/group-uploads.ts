import { randomUUID } from "node:crypto";
import { chatImageFileName, GROUP_ERROR_MESSAGES, type GroupImageUpload } from "@heartline/shared";
import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import { CHAT_UPLOAD_KINDS, type ChatUploadKind, type ImageDecision, uploads } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { type FileStore, UPLOADS_URL_PREFIX } from "../../lib/file-store";
import { type AutomodGate, moderationColumns } from "../automod/index";
import { type ImageJobs, prepareImage } from "../profiles/index";

/** An upload no message took within this time is removed (it was never shown to anyone). */
export const GROUP_UPLOAD_GRACE_MS = 60 * 60 * 1_000;
/** How often the sweep runs, and how many files one run removes at most (a bounded job). */
export const GROUP_UPLOAD_SWEEP_INTERVAL_MS = 10 * 60 * 1_000;
export const GROUP_UPLOAD_SWEEP_BATCH = 200;

export interface GroupUploadsDeps {
  db: Database;
  storage: FileStore;
  log: FastifyBaseLogger;
}

/**
 * A group image goes through the same pipeline as profile pictures (spec §5: magic bytes, 5 MB, pixel
 * limit, GIFs kept, others re-encoded without metadata), lives under the sender's own folder
 * `users/{id}/group/` (deleting the account removes it too) and is recorded in `uploads` (kind
 * `group`, no message yet): only the uploader can post it, once, and it goes with its message.
 * AutoMod's classifier sees it first (issue #15): an explicit image is refused in the group room
 * (nothing stored) and stored as `blurred` for a direct message, beside its blurred rendition
 * (`blurredKeyOf`), which is all its receiver gets until they ask for the original (issue #33).
 */
export async function storeGroupImage({
  deps,
  userId,
  data,
  kind = "group",
}: {
  /** Issue #15: AutoMod's classifier sees every image before it is stored; #33: in the image queue. */
  deps: GroupUploadsDeps & { automod: Pick<AutomodGate, "screenImage">; imageJobs: ImageJobs };
  userId: string;
  data: Buffer;
  /** `dm` for a direct message's image: the same pipeline, its own folder and kind. */
  kind?: ChatUploadKind;
}): Promise<GroupImageUpload> {
  const { image, verdict, blurred } = await prepareImage({
    jobs: deps.imageJobs,
    automod: deps.automod,
    surface: kind,
    userId,
    file: data,
  });
  // issue #38: the address carries the stored size, so a chat reserves the picture's box before it loads.
  const key = `users/${userId}/${kind}/${chatImageFileName(randomUUID(), image, image.extension)}`;
  if (blurred) await deps.storage.put(blurredKeyOf(key), blurred);
  await deps.storage.put(key, image.data);
  await deps.db.insert(uploads).values({
    userId,
    kind,
    storagePath: key,
    mime: image.mime,
    bytes: image.data.length,
    width: image.width,
    height: image.height,
    ...moderationColumns(verdict),
  });
  return { url: deps.storage.publicUrl(key), type: image.extension === "gif" ? "gif" : "image" };
}

/** Where a blurred DM image's rendition is stored, beside the original (always a JPEG). */
export function blurredKeyOf(key: string): string {
  return key.replace(/\.[a-z]+$/, "-blurred.jpg");
}

/**
 * An image message's content must be an upload of this sender that no other message shows and that
 * still exists; it is then tied to `messageId`. Anything else (someone else's upload, a swept or
 * deleted file, an address elsewhere) is refused with the same clear text.
 */
export async function claimGroupUpload({
  db,
  senderId,
  messageId,
  url,
  kind = "group",
}: {
  db: Database;
  senderId: string;
  messageId: string;
  url: string;
  kind?: ChatUploadKind;
}): Promise<ClaimedUpload> {
  const key = url.startsWith(UPLOADS_URL_PREFIX) ? url.slice(UPLOADS_URL_PREFIX.length) : null;
  const claimed = key
    ? await db
        .update(uploads)
        .set({ messageId })
        .where(
          and(
            eq(uploads.storagePath, key),
            eq(uploads.userId, senderId),
            eq(uploads.kind, kind),
            isNull(uploads.messageId),
          ),
        )
        .returning({ decision: uploads.moderationDecision, score: uploads.moderationScore })
    : [];
  const [upload] = claimed;
  if (!upload) throw new AppError("bad_request", GROUP_ERROR_MESSAGES.imageNotYourUpload);
  return upload;
}

/** AutoMod's stored verdict on a claimed upload (issue #15; null for uploads older than it). */
export interface ClaimedUpload {
  decision: ImageDecision | null;
  score: number | null;
}

/** A deleted message's image goes with it: the record and the file. */
export async function removeMessageUploads(deps: GroupUploadsDeps, messageId: string): Promise<void> {
  const removed = await deps.db
    .delete(uploads)
    .where(eq(uploads.messageId, messageId))
    .returning({ storagePath: uploads.storagePath });
  await removeFiles(
    deps,
    removed.map((row) => row.storagePath),
  );
}

/** One bounded run: uploads never attached to a message within the grace period are removed. */
export async function sweepUnattachedUploads(deps: GroupUploadsDeps, now: number): Promise<number> {
  const stale = await deps.db
    .select({ id: uploads.id, storagePath: uploads.storagePath })
    .from(uploads)
    .where(
      and(
        inArray(uploads.kind, [...CHAT_UPLOAD_KINDS]),
        isNull(uploads.messageId),
        lt(uploads.createdAt, new Date(now - GROUP_UPLOAD_GRACE_MS)),
      ),
    )
    .limit(GROUP_UPLOAD_SWEEP_BATCH);
  if (stale.length === 0) return 0;
  // Only rows still unattached are removed: a message that took one meanwhile keeps it.
  const removed = await deps.db
    .delete(uploads)
    .where(
      and(
        inArray(
          uploads.id,
          stale.map((row) => row.id),
        ),
        isNull(uploads.messageId),
      ),
    )
    .returning({ storagePath: uploads.storagePath });
  await removeFiles(
    deps,
    removed.map((row) => row.storagePath),
  );
  return removed.length;
}

/** Each file goes with its blurred rendition, when it has one (removing a missing file is no error). */
async function removeFiles(deps: GroupUploadsDeps, keys: string[]): Promise<void> {
  for (const key of keys.flatMap((key) => [key, blurredKeyOf(key)])) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, "could not remove a group image");
    }
  }
}

import { buffer } from "node:stream/consumers";
import { DM_IMAGE_MESSAGES } from "@heartline/shared";
import { and, eq } from "drizzle-orm";
import { directMessages, uploads } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { StoredFile } from "../../lib/file-store";
import type { UserRow } from "../accounts/index";
import { blurredKeyOf } from "../group-chat/index";
import { blurredRendition } from "../profiles/index";
import type { DirectMessagesDeps } from "./direct-messages-deps";

/** The original bytes never change under their name; only the pair's own browsers may keep them. */
export const DM_IMAGE_CACHE = "private, max-age=31536000, immutable";
/** The blurred rendition is asked again each time: an admin's "allow" turns the address into the original. */
export const DM_BLURRED_IMAGE_CACHE = "private, no-cache";

export interface ReadDmImageOptions {
  deps: Pick<DirectMessagesDeps, "db" | "storage" | "imageJobs">;
  /** The signed-in caller; null when signed out. */
  viewer: UserRow | null;
  ownerId: string;
  file: string;
  /** The receiver asks for the original of an image AutoMod blurred. */
  reveal: boolean;
}

export interface DmImage {
  file: StoredFile;
  cacheControl: string;
}

/**
 * Issue #33: a direct-message image, to the pair only. Its uploader sees it before it is sent and
 * after; once a message shows it, its receiver does too. To anyone else (signed out, a stranger, an
 * admin) it does not exist. The receiver of an image AutoMod judged explicit (the message is
 * `sensitive`) gets the blurred rendition; the original only when they ask for it, and only with
 * "Show sensitive images in direct messages" on (the web's "Show image" button needs the same).
 */
export async function readDmImage(options: ReadDmImageOptions): Promise<DmImage> {
  const { deps, viewer, ownerId } = options;
  const notFound = new AppError("not_found", DM_IMAGE_MESSAGES.notFound);
  if (!viewer) throw notFound;
  const key = `users/${ownerId}/dm/${options.file}`;
  const [row] = await deps.db
    .select({ receiverId: directMessages.receiverId, sensitive: directMessages.sensitive })
    .from(uploads)
    .leftJoin(directMessages, eq(directMessages.id, uploads.messageId))
    .where(and(eq(uploads.storagePath, key), eq(uploads.kind, "dm"), eq(uploads.userId, ownerId)));
  if (!row) throw notFound;
  const isOwner = viewer.id === ownerId;
  if (!isOwner && row.receiverId !== viewer.id) throw notFound;

  const isBlurred = !isOwner && row.sensitive === true;
  if (isBlurred && options.reveal && !viewer.showSensitiveImages) {
    throw new AppError("forbidden", DM_IMAGE_MESSAGES.revealNeedsSetting);
  }
  if (!isBlurred || options.reveal) {
    const original = await deps.storage.read(key);
    if (!original) throw notFound;
    return { file: original, cacheControl: DM_IMAGE_CACHE };
  }
  const blurred = (await deps.storage.read(blurredKeyOf(key))) ?? (await renderBlurred(deps, key));
  return { file: blurred, cacheControl: DM_BLURRED_IMAGE_CACHE };
}

/**
 * An image blurred before renditions were stored has none yet: it is made once, in the image queue,
 * and kept beside the original.
 */
async function renderBlurred(deps: ReadDmImageOptions["deps"], key: string): Promise<StoredFile> {
  const original = await deps.storage.read(key);
  if (!original) throw new AppError("not_found", DM_IMAGE_MESSAGES.notFound);
  const bytes = await buffer(original.stream);
  const rendition = await deps.imageJobs.run(() => blurredRendition(bytes));
  await deps.storage.put(blurredKeyOf(key), rendition);
  const stored = await deps.storage.read(blurredKeyOf(key));
  if (!stored) throw new AppError("not_found", DM_IMAGE_MESSAGES.notFound);
  return stored;
}

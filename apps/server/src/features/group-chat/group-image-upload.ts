import { randomUUID } from "node:crypto";
import type { GroupImageUpload } from "@heartline/shared";
import type { FileStore } from "../../plugins/storage";
import { processImageUpload } from "../profiles/index";

export interface StoreGroupImageOptions {
  storage: FileStore;
  userId: string;
  data: Buffer;
}

/**
 * A group image goes through the same pipeline as profile pictures (spec §5: magic bytes, 5 MB, pixel
 * limit, GIFs kept, others re-encoded without metadata) and lives under the sender's own folder
 * `users/{id}/group/`, so deleting the account removes it too.
 */
export async function storeGroupImage({
  storage,
  userId,
  data,
}: StoreGroupImageOptions): Promise<GroupImageUpload> {
  const image = await processImageUpload(data);
  const key = `users/${userId}/group/${randomUUID()}.${image.extension}`;
  await storage.put(key, image.data);
  return { url: storage.publicUrl(key), type: image.extension === "gif" ? "gif" : "image" };
}

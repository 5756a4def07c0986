import { type GroupImageUpload, MODERATION_PATHS } from "@heartline/shared";
import { uploadChatImage } from "../../../lib/upload-chat-image";

/** Uploads one prepared image for the group chat; registered users only (the server checks). */
export function uploadGroupImage(image: Blob, fileName: string): Promise<GroupImageUpload> {
  return uploadChatImage(MODERATION_PATHS.groupImages, image, fileName);
}

import { checkImageUpload, PROFILE_UPLOAD_TOAST } from "@heartline/shared";
import { useCallback, useState } from "react";
import toast from "react-hot-toast";
import { prepareImageForUpload } from "../api/resize-image";
import { uploadGroupImage } from "../api/upload-group-image";

/**
 * Check (spec §5: type, then 5 MB), resize, upload, then hand the stored address to `send`. The
 * server checks again (magic bytes, registered users only).
 */
export function useImageMessage(send: (input: { content: string; type: "image" | "gif" }) => void) {
  const [isUploading, setIsUploading] = useState(false);
  const pickImage = useCallback(
    async (file: File) => {
      const checked = checkImageUpload(file);
      if (!checked.ok) {
        toast.error(checked.message, {
          position: PROFILE_UPLOAD_TOAST.position,
          duration: PROFILE_UPLOAD_TOAST.durationMs,
        });
        return;
      }
      setIsUploading(true);
      try {
        const prepared = await prepareImageForUpload(file);
        const name = checked.mimeType === "image/gif" ? file.name : `${file.name.replace(/\.\w+$/, "")}.jpg`;
        const uploaded = await uploadGroupImage(prepared, name);
        send({ content: uploaded.url, type: uploaded.type });
      } catch (error) {
        toast.error(error instanceof Error ? error.message : "Image upload failed.", {
          position: PROFILE_UPLOAD_TOAST.position,
          duration: PROFILE_UPLOAD_TOAST.durationMs,
        });
      } finally {
        setIsUploading(false);
      }
    },
    [send],
  );
  return { pickImage, isUploading };
}

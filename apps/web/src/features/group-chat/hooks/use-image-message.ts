import { PROFILE_UPLOAD_TOAST } from "@heartline/shared";
import { useCallback, useState } from "react";
import toast from "react-hot-toast";
import { prepareImageForUpload } from "../../../lib/image/prepare-image";
import { uploadGroupImage } from "../api/upload-group-image";

/**
 * The profiles' image preparation (spec §5: type, then 5 MB, then resize and re-encode, GIFs as they
 * are; §9 timeouts and retries), upload, then hand the stored address to `send`. The server checks
 * again (magic bytes, pixel limit, registered users only).
 */
export function useImageMessage(send: (input: { content: string; type: "image" | "gif" }) => void) {
  const [isUploading, setIsUploading] = useState(false);
  const pickImage = useCallback(
    async (file: File) => {
      setIsUploading(true);
      try {
        const prepared = await prepareImageForUpload(file);
        const uploaded = await uploadGroupImage(prepared, prepared.name);
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

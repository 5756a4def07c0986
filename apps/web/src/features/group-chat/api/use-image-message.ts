import { PROFILE_UPLOAD_TOAST } from "@heartline/shared";
import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import toast from "react-hot-toast";
import { prepareImageForUpload } from "../../../lib/image/prepare-image";
import { isAutomodRefusal, showImageRefusal } from "../../automod";
import { uploadGroupImage } from "./upload-group-image";

type ImageMessage = { content: string; type: "image" | "gif" | "text" };

/**
 * The shared image preparation (spec §5: type, then 5 MB, then resize and re-encode, GIFs as they
 * are; §9 timeouts and retries), upload, then hand the stored address to `send`. The server checks
 * again (magic bytes, pixel limit, registered users only).
 */
export function useImageMessage(send: (input: ImageMessage) => Promise<boolean>) {
  const { mutateAsync, isPending } = useMutation({
    mutationFn: async (file: File) => {
      const prepared = await prepareImageForUpload(file);
      return uploadGroupImage(prepared, prepared.name);
    },
  });
  const pickImage = useCallback(
    async (file: File, caption = "") => {
      try {
        const uploaded = await mutateAsync(file);
        const isStored = await send({ content: uploaded.url, type: uploaded.type });
        // issue #14: the optional caption follows as its own text message once the picture is stored,
        // so it never lands above it.
        if (isStored && caption.trim()) await send({ content: caption.trim(), type: "text" });
      } catch (error) {
        // issue #15: an image AutoMod refused can be sent for review from the same toast.
        if (isAutomodRefusal(error) && error instanceof Error)
          return showImageRefusal(error.message, "group");
        toast.error(error instanceof Error ? error.message : "Image upload failed.", {
          position: PROFILE_UPLOAD_TOAST.position,
          duration: PROFILE_UPLOAD_TOAST.durationMs,
        });
      }
    },
    [mutateAsync, send],
  );
  return { pickImage, isUploading: isPending };
}

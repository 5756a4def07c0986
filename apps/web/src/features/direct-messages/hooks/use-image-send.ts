import { PROFILE_UPLOAD_TOAST } from "@heartline/shared";
import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import toast from "react-hot-toast";
import { prepareImageForUpload } from "../../../lib/image/prepare-image";
import { uploadDmImage } from "../api/upload-dm-image";
import type { DmSendInput } from "./use-dm-send";

/**
 * Like the group's image messages: the shared preparation (spec §5 type, 5 MB, 1200 px JPEG 0.8, GIFs
 * as they are), the upload to SOCIAL_PATHS.dmImages, then a message with the stored address.
 */
export function useImageSend(send: (input: DmSendInput) => Promise<boolean>) {
  const { mutateAsync, isPending } = useMutation({
    mutationFn: async (file: File) => {
      const prepared = await prepareImageForUpload(file);
      const uploaded = await uploadDmImage(prepared, prepared.name);
      return { url: uploaded.url, type: uploaded.type ?? (prepared.type === "image/gif" ? "gif" : "image") };
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

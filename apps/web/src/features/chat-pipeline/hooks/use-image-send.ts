import { type GroupImageUpload, PROFILE_UPLOAD_TOAST } from "@heartline/shared";
import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import toast from "react-hot-toast";
import { translate } from "../../../lib/i18n/i18n";
import { serverErrorText } from "../../../lib/i18n/server-error-text";
import { prepareImageForUpload } from "../../../lib/image/prepare-image";

export interface ImageSendOptions {
  /** The chat's upload address for one prepared picture (the server checks it again). */
  upload: (image: Blob, fileName: string) => Promise<GroupImageUpload>;
  /** The chat's send: resolves true once the message is stored. */
  send: (input: { content: string; type: GroupImageUpload["type"] | "text" }) => Promise<boolean>;
  /** A failed upload the chat shows its own way (AutoMod's "Ask for review"); true when it did. */
  onUploadRefused?: (error: unknown) => boolean;
}

/**
 * A picture in a chat: the shared preparation (spec §5 type, 5 MB, 1200 px JPEG 0.8, GIFs as they
 * are; §9 timeouts and retries), the chat's upload, then a message with the stored address and its
 * optional caption.
 */
export function useImageSend({ upload, send, onUploadRefused }: ImageSendOptions) {
  const { mutateAsync, isPending } = useMutation({
    mutationFn: async (file: File) => {
      const prepared = await prepareImageForUpload(file);
      return upload(prepared, prepared.name);
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
        if (onUploadRefused?.(error)) return;
        toast.error(
          error instanceof Error
            ? serverErrorText({ message: error.message })
            : translate("composer.uploadFailed"),
          {
            position: PROFILE_UPLOAD_TOAST.position,
            duration: PROFILE_UPLOAD_TOAST.durationMs,
          },
        );
      }
    },
    [mutateAsync, send, onUploadRefused],
  );
  return { pickImage, isUploading: isPending };
}

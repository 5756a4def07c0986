import { type AccountUser, checkImageUpload, shouldReencodeImage } from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { prepareImageForUpload } from "../../../lib/image/prepare-image";
import { sessionKeys } from "../../accounts";
import { isAutomodRefusal, showImageRefusal } from "../../automod";
import { showProfileError } from "../hooks/profile-toasts";
import { type CropSelection, cropForUpload } from "../image/crop-for-upload";
import { type ProfileImageKind, uploadErrorMessage, uploadProfileImage } from "../image/upload-image";
import { profileKeys } from "./profile-keys";

export type UploadPhase = "idle" | "processing" | "uploading";

interface UploadRequest {
  file: File;
  /** The part chosen in the crop dialog; a GIF has none and goes as it is. */
  crop?: CropSelection;
}

/**
 * A profile picture or banner from the file chooser to the server (spec §5, issue #14): the type
 * and size are checked at once; a still picture is cropped in a dialog first, a GIF goes as it is
 * (spec §5 keeps its animation, so it is not cropped); then the upload with progress. A failure
 * is an error toast with its §8 text and stays written under the button until an upload succeeds.
 */
export function useUploadProfileImage(kind: ProfileImageKind) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<UploadPhase>("idle");
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [cropping, setCropping] = useState<File | null>(null);
  const fail = (message: string) => {
    setError(message);
    showProfileError(message);
  };
  const mutation = useMutation<AccountUser, Error, UploadRequest>({
    mutationFn: async ({ file, crop }) => {
      setProgress(0);
      setPhase("processing");
      const prepared = crop ? await cropForUpload(file, crop, kind) : await prepareImageForUpload(file);
      setPhase("uploading");
      return uploadProfileImage(kind, prepared, { onProgress: setProgress });
    },
    onSuccess: (user) => {
      setError(null);
      queryClient.setQueryData(sessionKeys.current, user);
      void queryClient.invalidateQueries({ queryKey: profileKeys.detail(user.id) });
    },
    onError: (failure) => {
      const message = uploadErrorMessage(failure);
      setError(message);
      // issue #15: a picture AutoMod refused can be sent for review from the same toast.
      if (isAutomodRefusal(failure)) showImageRefusal(message, kind === "avatar" ? "profile" : "banner");
      else showProfileError(message);
    },
    onSettled: () => setPhase("idle"),
  });

  /** The file chooser's pick: refused with the exact §5 text, sent (a GIF) or opened for cropping. */
  const pick = (file: File) => {
    const check = checkImageUpload(file);
    if (!check.ok) return fail(check.message);
    if (shouldReencodeImage(check.mimeType)) setCropping(file);
    else mutation.mutate({ file });
  };
  const saveCrop = (crop: CropSelection) => {
    if (cropping) mutation.mutate({ file: cropping, crop });
    setCropping(null);
  };
  return {
    kind,
    pick,
    /** The picture waiting in the crop dialog, or null when the dialog is closed. */
    cropping,
    saveCrop,
    cancelCrop: () => setCropping(null),
    /** The last failure's text, until an upload succeeds. */
    error,
    phase,
    progress,
    isBusy: mutation.isPending,
  };
}

export type ProfileImageUpload = ReturnType<typeof useUploadProfileImage>;

import type { AccountUser } from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { prepareImageForUpload } from "../../../lib/image/prepare-image";
import { sessionKeys } from "../../accounts";
import { isAutomodRefusal, showImageRefusal } from "../../automod";
import { showProfileError } from "../hooks/profile-toasts";
import { type ProfileImageKind, uploadErrorMessage, uploadProfileImage } from "../image/upload-image";
import { profileKeys } from "./profile-keys";

export type UploadPhase = "idle" | "processing" | "uploading";

/**
 * Picks up a chosen file and runs spec §5's client steps: checks, resize/re-encode (GIFs as they
 * are), upload with progress. Every failure is an error toast with its §8 text.
 */
export function useUploadProfileImage(kind: ProfileImageKind) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<UploadPhase>("idle");
  const [progress, setProgress] = useState(0);
  const mutation = useMutation<AccountUser, Error, File>({
    mutationFn: async (file) => {
      setProgress(0);
      setPhase("processing");
      const prepared = await prepareImageForUpload(file);
      setPhase("uploading");
      return uploadProfileImage(kind, prepared, { onProgress: setProgress });
    },
    onSuccess: (user) => {
      queryClient.setQueryData(sessionKeys.current, user);
      void queryClient.invalidateQueries({ queryKey: profileKeys.detail(user.id) });
    },
    onError: (error) =>
      // issue #15: a picture AutoMod refused can be sent for review from the same toast.
      isAutomodRefusal(error)
        ? showImageRefusal(uploadErrorMessage(error), kind === "avatar" ? "profile" : "banner")
        : showProfileError(uploadErrorMessage(error)),
    onSettled: () => setPhase("idle"),
  });
  return { upload: mutation.mutate, phase, progress, isBusy: mutation.isPending };
}

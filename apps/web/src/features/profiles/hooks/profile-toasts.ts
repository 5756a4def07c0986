import { PROFILE_UPLOAD_TOAST } from "@heartline/shared";
import toast from "react-hot-toast";

/** spec §8 Profile upload errors: an error toast, top right, 4 s. */
export function showProfileError(message: string): void {
  toast.error(message, {
    position: PROFILE_UPLOAD_TOAST.position,
    duration: PROFILE_UPLOAD_TOAST.durationMs,
  });
}

export function showProfileSuccess(message: string): void {
  toast.success(message, { position: PROFILE_UPLOAD_TOAST.position });
}

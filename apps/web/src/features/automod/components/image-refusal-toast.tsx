import { AUTOMOD_BLOCKED_CODE, type AutomodImageSurface, PROFILE_UPLOAD_TOAST } from "@heartline/shared";
import toast from "react-hot-toast";
import { AskForReview } from "./ask-for-review";

/** Long enough to read the rule and reach the button with the keyboard. */
const REFUSAL_TOAST_MS = 15_000;

/** Whether a failed upload is AutoMod's refusal (the only one a review can be asked for). */
export function isAutomodRefusal(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { code?: unknown }).code === AUTOMOD_BLOCKED_CODE
  );
}

/**
 * An image AutoMod refused (group room, profile picture, banner; issue #15): the error toast names the
 * rule and carries "Ask for review", once per refused image.
 */
export function showImageRefusal(message: string, image: AutomodImageSurface): void {
  toast.error(
    () => (
      <span className="flex flex-col items-start gap-1">
        <span>{message}</span>
        <AskForReview image={image} className="text-rose-700 dark:text-rose-300" />
      </span>
    ),
    { duration: REFUSAL_TOAST_MS, position: PROFILE_UPLOAD_TOAST.position },
  );
}

import { AUTOMOD_MESSAGES, type AutomodImageSurface } from "@heartline/shared";
import { ApiError } from "../../../lib/http-client";
import { useRequestReview } from "../api/use-request-review";

/** The message AutoMod blocked (the server kept its text under the id the send carried)… */
interface BlockedMessage {
  messageId: string;
  image?: never;
}
/** …or the place where it refused an image (the server kept the rule and score of the latest). */
interface RefusedImage {
  image: AutomodImageSurface;
  messageId?: never;
}

export type AskForReviewProps = (BlockedMessage | RefusedImage) & {
  /** Classes for the button, so it matches the line it sits in. */
  className?: string;
};

/**
 * "Ask for review" beside a message AutoMod blocked or an image it refused (issue #15): once asked, it
 * says so; a refusal (asked before, nothing refused) shows the server's own text.
 */
export function AskForReview({ className = "", ...target }: AskForReviewProps) {
  const review = useRequestReview();
  if (review.isSuccess) {
    return (
      <span role="status" className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {target.image ? AUTOMOD_MESSAGES.imageReviewRequested : AUTOMOD_MESSAGES.reviewRequested}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <button
        type="button"
        disabled={review.isPending}
        onClick={() =>
          review.mutate(target.image ? { image: target.image } : { messageId: target.messageId })
        }
        className={`rounded-md px-1.5 py-0.5 text-xs font-semibold underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 disabled:opacity-60 ${className}`}
      >
        Ask for review
      </button>
      {review.isError ? (
        <span role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {review.error instanceof ApiError ? review.error.message : "Could not ask for a review. Try again."}
        </span>
      ) : null}
    </span>
  );
}

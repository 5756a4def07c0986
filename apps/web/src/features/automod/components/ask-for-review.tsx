import { AUTOMOD_MESSAGES, type AutomodImageSurface } from "@heartline/shared";
import { COMMON_SERVER_TEXTS, failureText, withServerTexts } from "../../../lib/i18n/server-error-text";
import { useT } from "../../../lib/i18n/use-t";
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
const REVIEW_TEXTS = withServerTexts(COMMON_SERVER_TEXTS, [
  [AUTOMOD_MESSAGES.reviewAlreadyRequested, "automod.review.alreadyRequested"],
  [AUTOMOD_MESSAGES.imageReviewAlreadyRequested, "automod.review.imageAlreadyRequested"],
  [AUTOMOD_MESSAGES.tooManyReviews, "automod.review.tooMany"],
  [AUTOMOD_MESSAGES.reviewNotBlocked, "automod.review.notBlocked"],
  [AUTOMOD_MESSAGES.imageReviewNotRefused, "automod.review.imageNotRefused"],
]);

export function AskForReview({ className = "", ...target }: AskForReviewProps) {
  const review = useRequestReview();
  const t = useT();
  if (review.isSuccess) {
    return (
      <span role="status" className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {target.image ? t("automod.review.imageRequested") : t("automod.review.requested")}
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
        {t("automod.review.ask")}
      </button>
      {review.isError ? (
        <span role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {failureText(review.error, "automod.review.failed", REVIEW_TEXTS)}
        </span>
      ) : null}
    </span>
  );
}

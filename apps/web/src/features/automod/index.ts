/**
 * AutoMod's user side (issue #15): the review request beside a blocked message or a refused image. The admin side (rules,
 * flags) lives in the moderation feature. Re-exports only (vite marks feature entries side-effect free).
 */
export { AskForReview } from "./components/ask-for-review";
export { isAutomodRefusal, showImageRefusal } from "./components/image-refusal-toast";

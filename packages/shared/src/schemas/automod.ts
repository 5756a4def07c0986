import { z } from "zod";
import { boundedString, boundedTrimmedString } from "./bounded-string";

/**
 * Automatic moderation (issue #15): the surfaces a rule applies to and what it does there. Modelled on
 * Discord's AutoMod: a keyword rule names its words, where it runs, and one action.
 */
export const AUTOMOD_SURFACES = ["group", "random", "dm", "confession", "username"] as const;
export type AutomodSurface = (typeof AUTOMOD_SURFACES)[number];

/** `block`: refused with the rule's name; `mask`: stored with the word starred; `flag`: stored and queued. */
export const AUTOMOD_ACTIONS = ["block", "mask", "flag"] as const;
export type AutomodAction = (typeof AUTOMOD_ACTIONS)[number];

/**
 * A word or phrase an admin adds: ASCII letters and digits, spaces, apostrophes and hyphens (no pattern
 * syntax reaches the matcher; obscenity's English preset reads ASCII after resolving look-alikes).
 */
export const AUTOMOD_PHRASE_MAX = 50;
export const AUTOMOD_RULE_NAME_MAX = 60;
/** How many custom rules the matcher carries (its cost grows with each). */
export const AUTOMOD_RULES_MAX = 200;

export const AUTOMOD_PHRASE_PATTERN = /^[a-z0-9][a-z0-9' -]*$/i;

export const AUTOMOD_MESSAGES = {
  phraseInvalid: "Use letters, digits, spaces, apostrophes and hyphens only.",
  nameRequired: "Give the rule a name.",
  surfacesRequired: "Choose at least one place the rule applies to.",
  tooManyRules: `There can be at most ${AUTOMOD_RULES_MAX} rules. Remove one first.`,
  ruleNotFound: "This rule does not exist.",
  builtinNotRemovable: "Built-in rules cannot be removed.",
  reviewAlreadyRequested: "You have already asked for a review of this message.",
  tooManyReviews: "You have asked for too many reviews. Please try again later.",
  reviewNotBlocked: "Only a message AutoMod blocked can be sent for review.",
  reviewRequested: "Thanks — a moderator will review this message.",
  imageReviewRequested: "Thanks — a moderator will review this image.",
  imageReviewAlreadyRequested: "You have already asked for a review of this image.",
  imageReviewNotRefused: "Only an image AutoMod refused here in the last day can be sent for review.",
  reviewTargetRequired: "Name either the blocked message or the refused image.",
  imageFlagNotFound: "This is not an automatic flag of a blurred direct-message image.",
} as const;

export const createAutomodRuleSchema = z.object({
  name: boundedTrimmedString(AUTOMOD_RULE_NAME_MAX).min(1, AUTOMOD_MESSAGES.nameRequired),
  phrase: boundedTrimmedString(AUTOMOD_PHRASE_MAX)
    .min(2, AUTOMOD_MESSAGES.phraseInvalid)
    .regex(AUTOMOD_PHRASE_PATTERN, AUTOMOD_MESSAGES.phraseInvalid),
  surfaces: z
    .array(z.enum(AUTOMOD_SURFACES))
    .min(1, AUTOMOD_MESSAGES.surfacesRequired)
    .max(AUTOMOD_SURFACES.length)
    .transform((list) => [...new Set(list)]),
  action: z.enum(AUTOMOD_ACTIONS),
});
export type CreateAutomodRuleInput = z.infer<typeof createAutomodRuleSchema>;

/** Where AutoMod refuses an image (a direct-message image is blurred instead, never refused). */
export const AUTOMOD_IMAGE_SURFACES = ["group", "profile", "banner"] as const;
export type AutomodImageSurface = (typeof AUTOMOD_IMAGE_SURFACES)[number];

/**
 * `POST /api/automod/reviews`: the id the blocked send carried (the server kept its text), or the place
 * of a refused image (the server kept its rule and score under the user's latest refusal there).
 */
export const automodReviewSchema = z
  .object({
    messageId: boundedString(100).min(1).optional(),
    image: z.enum(AUTOMOD_IMAGE_SURFACES).optional(),
  })
  .refine((input) => (input.messageId === undefined) !== (input.image === undefined), {
    message: AUTOMOD_MESSAGES.reviewTargetRequired,
  });
export type AutomodReviewInput = z.infer<typeof automodReviewSchema>;

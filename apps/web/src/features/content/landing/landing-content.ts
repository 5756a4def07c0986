import { LANDING_CONTENT_FIRST } from "./landing-content-first";
import { LANDING_CONTENT_SECOND } from "./landing-content-second";
import type { ThemedLandingSlug } from "./landing-slugs";
import type { LandingContent } from "./landing-types";

// Typed as a full Record: a slug added to THEMED_LANDING_SLUGS without content fails the typecheck.
export const LANDING_CONTENT: Record<ThemedLandingSlug, LandingContent> = {
  ...LANDING_CONTENT_FIRST,
  ...LANDING_CONTENT_SECOND,
};

// spec §2 Screens and routes: the ten themed landing pages. This file sits in the initial bundle
// (the router needs the paths), so it holds only the slugs; the page content is loaded lazily.
export const THEMED_LANDING_SLUGS = [
  "talk-to-random-girls",
  "desi-global-girls-chat",
  "anonymous-girl-chat",
  "global-girls-chat-room",
  "chat-with-girls-online",
  "foreign-girls-chat",
  "late-night-girl-chat",
  "meet-girls-online-chat",
  "college-girls-random-chat",
  "chat-with-girls-near-or-far",
] as const;

export type ThemedLandingSlug = (typeof THEMED_LANDING_SLUGS)[number];

export function isThemedLandingSlug(slug: string): slug is ThemedLandingSlug {
  return (THEMED_LANDING_SLUGS as readonly string[]).includes(slug);
}

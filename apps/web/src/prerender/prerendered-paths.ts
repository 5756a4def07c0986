import { THEMED_LANDING_SLUGS } from "../features/content";

/**
 * The public pages prerendered at build time (issue #16, B6): the landing page, the content pages and
 * the ten themed landing pages, which search engines should read without running JavaScript. Pages
 * that show the signed-in user or live data (/chat, /leaderboard, /settings, /group-chat/…) are not.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  "/",
  "/about",
  "/guidelines",
  "/help",
  "/terms",
  "/privacy",
  "/cookies",
  "/contact",
  ...THEMED_LANDING_SLUGS.map((slug) => `/${slug}`),
];

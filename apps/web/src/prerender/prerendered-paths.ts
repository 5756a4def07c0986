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

/**
 * Pages of the app prerendered as a signed-out visitor first sees them (issue #36, B6: `/chat`, where
 * the client-drawn page reached its largest paint after three waves of script loads). Unlike the public
 * pages above, the app itself hydrates them (src/app/mount-app.tsx), and the server sends one only to a
 * request without a session cookie; everyone else, and the service worker, gets the app's shell.
 */
export const SIGNED_OUT_APP_PATHS: readonly string[] = ["/chat"];

/**
 * Set on `#root` by the build's prerender step (apps/web/build/prerender.ts) to the address whose page
 * the root holds. The page's islands script (src/islands/mount-islands.tsx) removes it once the islands
 * a visitor can use at once are live (e2e/support/browser.ts waits for that).
 */
export const PRERENDERED_PATH_ATTRIBUTE = "data-prerendered-path";

/**
 * Set on `#root` by the build's prerender step (apps/web/build/prerender.ts) to the address whose page
 * the root holds: the client hydrates that markup only when it is still at that address, and removes
 * the attribute once the markup is live (e2e/support/browser.ts waits for that).
 */
export const PRERENDERED_PATH_ATTRIBUTE = "data-prerendered-path";

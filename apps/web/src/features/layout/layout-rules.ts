import { CHAT_PATH, GROUP_CHAT_PATH } from "../../lib/app-paths";

export type TopBarMode = "sticky" | "desktop-only" | "none";

export interface LayoutRules {
  topBar: TopBarMode;
  hasFooter: boolean;
}

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * spec §2 Layout rules: /chat has a top bar hidden on small screens and no footer; /group-chat and
 * everything under it has neither (it brings its own header); everywhere else a sticky top bar and
 * the footer.
 */
export function layoutForPath(pathname: string): LayoutRules {
  if (isUnder(pathname, GROUP_CHAT_PATH)) return { topBar: "none", hasFooter: false };
  if (isUnder(pathname, CHAT_PATH)) return { topBar: "desktop-only", hasFooter: false };
  return { topBar: "sticky", hasFooter: true };
}

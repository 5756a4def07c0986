import { DEFAULT_SITE_LOCALE, type SiteLocale } from "@heartline/shared";
import type { Messages } from "@lingui/core";
import type ACCOUNT_MESSAGES from "../../locales/en/account.json";
import type APP_MESSAGES from "../../locales/en/app.json";
import type CHAT_MESSAGES from "../../locales/en/chat.json";
import type LAYOUT_MESSAGES from "../../locales/en/layout.json";
import type PAGES_MESSAGES from "../../locales/en/pages.json";

/**
 * Issue #39: each language's messages, split by where they are needed. "layout": what every page and
 * the public pages' islands render (top bar, menu, footer, the home page's demo conversation and Join
 * Chat Room); "pages": the rest of the home page and the themed landing pages, which a prerendered page
 * shows as static HTML and never renders again in the browser; "app": the app's own screens. A public
 * page loads its language's "layout" only, the app "layout" and "app" and then "pages". A fourth file,
 * "chat", holds the words no page shows at its first paint (the connected random chat, the group chat
 * area, direct messages, friends, notifications, the leaderboard, refusals): it has loaders of its own
 * in a lazy module (chat-catalog.ts, `loadChatCatalog`), so /chat's initial JavaScript stays in its
 * budget. English is a catalog like any other, so no other language's bundle holds it. A fifth, "account": the account dialogs,
 * Settings and the dashboard, loaded after the app starts (or with a public page's account dialogs) and
 * awaited by the components that show them (`useCatalog`), so the app's shell does not preload it (the
 * /chat shell's initial-JavaScript budget).
 */
export type CatalogNamespace = "layout" | "pages" | "app" | "account";

export const ALL_NAMESPACES: readonly CatalogNamespace[] = ["layout", "pages", "app", "account"];

export type MessageId =
  | keyof typeof LAYOUT_MESSAGES
  | keyof typeof PAGES_MESSAGES
  | keyof typeof APP_MESSAGES
  | keyof typeof ACCOUNT_MESSAGES
  | keyof typeof CHAT_MESSAGES;

// One lazy chunk per file, compiled as it loads (build/lingui-catalogs.ts).
const CATALOG_LOADERS = import.meta.glob<Messages>(["../../locales/*/*.json", "!../../locales/*/chat.json"], {
  import: "default",
});

/** The module path of a catalog, as the glob above (and the prerender step) names it. */
export function catalogPath(locale: SiteLocale, namespace: CatalogNamespace): string {
  return `../../locales/${locale}/${namespace}.json`;
}

/** The messages of `locale` in `namespaces`, merged into a new object. */
export async function loadMessages(
  locale: SiteLocale,
  namespaces: readonly CatalogNamespace[],
): Promise<Messages> {
  const parts = await Promise.all(
    namespaces.map((namespace) => {
      const load =
        CATALOG_LOADERS[catalogPath(locale, namespace)] ??
        CATALOG_LOADERS[catalogPath(DEFAULT_SITE_LOCALE, namespace)];
      return load ? load() : {};
    }),
  );
  return Object.assign({}, ...parts);
}

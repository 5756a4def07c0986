import { DEFAULT_SITE_LOCALE, type SiteLocale } from "@heartline/shared";
import type { I18n, Messages } from "@lingui/core";

// Issue #39: the "chat" catalogs (lib/i18n/catalogs.ts), one lazy chunk per language, compiled as they
// load (build/lingui-catalogs.ts). This module is itself loaded only when they are wanted.
const CHAT_LOADERS = import.meta.glob<Messages>("../../locales/*/chat.json", { import: "default" });

const loaded = new Map<SiteLocale, Promise<void>>();

/** Loads `locale`'s "chat" messages (English when it has none) into the site's Lingui (`i18n`), once. */
export function loadChat(i18n: I18n, locale: SiteLocale): Promise<void> {
  let loading = loaded.get(locale);
  if (!loading) {
    const load =
      CHAT_LOADERS[`../../locales/${locale}/chat.json`] ??
      CHAT_LOADERS[`../../locales/${DEFAULT_SITE_LOCALE}/chat.json`];
    loading = (load ? load() : Promise.resolve({})).then((messages) => i18n.load(locale, messages));
    loaded.set(locale, loading);
  }
  return loading;
}

import { DEFAULT_SITE_LOCALE, isLanguageCode, type SiteLocale, siteLocaleDirection } from "@heartline/shared";
import { setupI18n } from "@lingui/core";
import { ALL_NAMESPACES, type CatalogNamespace, loadMessages, type MessageId } from "./catalogs";

/**
 * Issue #39, ADR 0024: the site's one Lingui instance. Messages are looked up by explicit id in compiled
 * catalogs (no macro, no English in the components' code); `activateLocale` loads a language's catalogs
 * before anything renders in it.
 */
export const i18n = setupI18n({ locale: DEFAULT_SITE_LOCALE, messages: { [DEFAULT_SITE_LOCALE]: {} } });

export type MessageValues = Record<string, string | number>;

/** One message of the active language, its placeholders filled. */
export function translate(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

export function activeLocale(): SiteLocale {
  return isLanguageCode(i18n.locale) ? i18n.locale : DEFAULT_SITE_LOCALE;
}

/** The namespaces loaded so far, per language. */
const loaded = new Map<SiteLocale, Set<CatalogNamespace>>();

/** Loads `locale`'s catalogs in `namespaces` (those already loaded are loaded again, cheaply) and switches to it. */
export async function activateLocale(
  locale: SiteLocale,
  namespaces: readonly CatalogNamespace[] = ALL_NAMESPACES,
): Promise<void> {
  const messages = await loadMessages(locale, namespaces);
  i18n.load(locale, messages);
  const namespacesOfLocale = loaded.get(locale) ?? new Set();
  for (const namespace of namespaces) namespacesOfLocale.add(namespace);
  loaded.set(locale, namespacesOfLocale);
  i18n.activate(locale);
}

/**
 * Issue #39: a language's "chat" catalog (lib/i18n/catalogs.ts), loaded once per language. A route whose
 * first render shows those words awaits it in its `lazy` (routes/router.tsx); the app loads it after its
 * first render anyway, and a change of language loads the new one with the rest (switch-locale.ts).
 */
export const loadChatCatalog = (locale: SiteLocale = activeLocale()): Promise<void> =>
  import("./chat-catalog").then((catalog) => catalog.loadChat(i18n, locale));

/** Whether the active language's `namespace` is in. */
export function isCatalogLoaded(namespace: CatalogNamespace): boolean {
  return loaded.get(activeLocale())?.has(namespace) ?? false;
}

/** Loads the active language's `namespace` when it is not in yet (a component waiting for it: `useCatalog`). */
export async function loadCatalog(namespace: CatalogNamespace): Promise<void> {
  if (!isCatalogLoaded(namespace)) await activateLocale(activeLocale(), [namespace]);
}

/** The language a document is written in: its `<html lang>` (prerendered, or set by locale-init.js). */
export function documentLocale(doc: Document): SiteLocale {
  const lang = doc.documentElement.lang;
  return isLanguageCode(lang) ? lang : DEFAULT_SITE_LOCALE;
}

/** Writes `locale` on `<html>`: its `lang`, and `dir` (Arabic is right to left). */
export function applyDocumentLocale(doc: Document, locale: SiteLocale): void {
  doc.documentElement.lang = locale;
  doc.documentElement.dir = siteLocaleDirection(locale);
}

import { type SiteLocale, splitLocalizedPath } from "@heartline/shared";
import { activateLocale, applyDocumentLocale, loadChatCatalog } from "./i18n";
import { markLocaleChoiceUnsaved, saveLocale } from "./locale-choice";

/** On `<html>` of a prerendered public page (apps/web/build/prerender.ts): its language is its markup's. */
export const PUBLIC_PAGE_ATTRIBUTE = "data-public-page";

/**
 * The address of this public page in `locale`: its `hreflang` alternate (the prerender step writes one
 * per language the page exists in), else the page's own address without a language prefix, which the
 * server answers in the saved language when it has that copy, and in English otherwise.
 */
function publicPageAddress(doc: Document, locale: SiteLocale): string {
  const alternate = doc.querySelector<HTMLLinkElement>(`link[rel="alternate"][hreflang="${locale}"]`);
  const { pathname, search, hash } = doc.location;
  if (alternate) return `${new URL(alternate.href, doc.location.href).pathname}${search}${hash}`;
  return `${splitLocalizedPath(pathname).pathname}${search}${hash}`;
}

/**
 * Issue #39: the visitor picked `locale` (top bar or Settings). It is saved for this browser and the
 * server; a prerendered public page is loaded again in that language (its markup is fixed), the app
 * switches in place (catalogs loaded first, then `<html lang dir>` and every translated component).
 */
export async function switchLocale(locale: SiteLocale, doc: Document = document): Promise<void> {
  saveLocale(locale);
  markLocaleChoiceUnsaved();
  await showLocale(locale, doc);
}

/** Shows the site in `locale` (saved already): a public page loads its copy in it, the app switches in place. */
export async function showLocale(locale: SiteLocale, doc: Document = document): Promise<void> {
  if (doc.documentElement.hasAttribute(PUBLIC_PAGE_ATTRIBUTE)) {
    doc.location.assign(publicPageAddress(doc, locale));
    return;
  }
  // Every catalog of the language is in before anything renders in it (no id shown for a late file).
  await loadChatCatalog(locale);
  await activateLocale(locale);
  applyDocumentLocale(doc, locale);
}

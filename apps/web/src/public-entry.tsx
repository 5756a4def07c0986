import { splitLocalizedPath } from "@heartline/shared";
import { mountIslands } from "./islands/mount-islands";
import { activateLocale, documentLocale } from "./lib/i18n/i18n";
import { savedLocale, saveLocale } from "./lib/i18n/locale-choice";
import { silenceConsole } from "./lib/silence-console";

// issue #36: the script of the prerendered public pages (apps/web/build/prerender.ts); every other
// page, and the service worker's shell, runs main.tsx.
if (import.meta.env.PROD) silenceConsole();

// Issue #39: the islands hydrate in the page's own language; its layout catalog (all the islands render)
// is preloaded with the page.
const locale = documentLocale(document);
// A visitor who opened a page in a language (`/es/…`, from a search engine) keeps reading in it.
if (splitLocalizedPath(window.location.pathname).locale === locale && savedLocale() === null)
  saveLocale(locale);
void activateLocale(locale, ["layout"]).then(() => mountIslands(document));

// Issue #39: <html lang dir> before first paint (the app's shell; a prerendered page has its own).
// Mirrors negotiateSiteLocale (packages/shared/src/domain/site-locale.ts).
(() => {
  const root = document.documentElement;
  if (root.hasAttribute("data-prerendered-locale")) return;
  const KEY = "heartline-locale";
  const LOCALES = ["en", "es", "pt-BR", "fr", "de", "hi", "id", "ar"];
  const match = (tag) => {
    const primary = String(tag).trim().split(/[-_]/, 1)[0].toLowerCase();
    if (primary === "pt") return "pt-BR";
    return LOCALES.includes(primary) ? primary : null;
  };
  let locale = null;
  try {
    const stored = localStorage.getItem(KEY);
    if (LOCALES.includes(stored)) locale = stored;
  } catch {
    // Blocked storage: the cookie may say it.
  }
  if (!locale) {
    const cookie = document.cookie.split("; ").find((part) => part.startsWith(`${KEY}=`));
    const value = cookie ? decodeURIComponent(cookie.slice(KEY.length + 1)) : null;
    if (LOCALES.includes(value)) locale = value;
  }
  if (!locale) locale = (navigator.languages || [navigator.language]).map(match).find(Boolean) || "en";
  root.lang = locale;
  root.dir = locale === "ar" ? "rtl" : "ltr";
})();

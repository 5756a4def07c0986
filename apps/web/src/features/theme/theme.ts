/** spec §1 Light or dark theme defaults to the system preference and is persisted. */
export const THEME_STORAGE_KEY = "heartline-theme";
export const THEME_PREFERENCES = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = "light" | "dark";

export const DARK_SCHEME_QUERY = "(prefers-color-scheme: dark)";

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === "string" && (THEME_PREFERENCES as readonly string[]).includes(value);
}

/** The stored preference, or "system" when nothing (or something unreadable) is stored. */
export function readThemePreference(storage: Pick<Storage, "getItem"> | undefined): ThemePreference {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : "system";
  } catch {
    // Storage access throws when the browser blocks it; the system preference then applies.
    return "system";
  }
}

export function writeThemePreference(storage: Pick<Storage, "setItem"> | undefined, value: ThemePreference) {
  try {
    storage?.setItem(THEME_STORAGE_KEY, value);
  } catch {
    // Blocked storage only means the choice lasts for this visit.
  }
}

export function resolveTheme(preference: ThemePreference, isSystemDark: boolean): ResolvedTheme {
  if (preference === "system") return isSystemDark ? "dark" : "light";
  return preference;
}

/**
 * Puts the theme on the document: the `dark` class Tailwind's dark variant keys on, the CSS
 * `color-scheme` (native controls, scrollbars) and `<meta name="color-scheme">`. Only what differs is
 * written: public/theme-init.js has set all three before first paint, and a change to the meta restyles
 * the whole page (B6).
 */
export function applyTheme(doc: Document, theme: ResolvedTheme): void {
  const root = doc.documentElement;
  root.classList.toggle("dark", theme === "dark");
  if (root.style.colorScheme !== theme) root.style.colorScheme = theme;
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="color-scheme"]');
  if (!meta) {
    meta = doc.createElement("meta");
    meta.name = "color-scheme";
    doc.head.append(meta);
  }
  if (meta.content !== theme) meta.content = theme;
}

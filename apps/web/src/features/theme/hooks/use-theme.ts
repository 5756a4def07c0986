import { useCallback, useSyncExternalStore } from "react";
import { useIsHydrating } from "../../../lib/use-is-hydrating";
import { useThemeStore } from "../state/theme-store";
import { DARK_SCHEME_QUERY, type ResolvedTheme, resolveTheme, type ThemePreference } from "../theme";

function subscribeToSystemScheme(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_SCHEME_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

const readSystemDark = () => window.matchMedia(DARK_SCHEME_QUERY).matches;

/** Whether the operating system currently prefers dark; follows changes live. */
export function useSystemDark(): boolean {
  return useSyncExternalStore(subscribeToSystemScheme, readSystemDark, () => false);
}

/** What a prerendered page was rendered with: no stored choice, a light OS (issue #16, B6). */
const PRERENDERED_PREFERENCE: ThemePreference = "system";

export interface ThemeControls {
  preference: ThemePreference;
  resolved: ResolvedTheme;
  setPreference: (preference: ThemePreference) => void;
  /** Switches to the opposite of what is shown now, as an explicit choice. */
  toggle: () => void;
  /**
   * True while prerendered HTML is hydrated: preference and resolved are then the prerendered ones
   * (the document's class, set by public/theme-init.js before paint, is the real one).
   */
  isHydrating: boolean;
}

export function useTheme(): ThemeControls {
  const isHydrating = useIsHydrating();
  const storedPreference = useThemeStore((state) => state.preference);
  const setPreference = useThemeStore((state) => state.setPreference);
  // zustand hydrates with the store's initial state, read from this browser's storage: not what the
  // page was prerendered with.
  const preference = isHydrating ? PRERENDERED_PREFERENCE : storedPreference;
  const resolved = resolveTheme(preference, useSystemDark());
  const toggle = useCallback(
    () => setPreference(resolved === "dark" ? "light" : "dark"),
    [resolved, setPreference],
  );
  return { preference, resolved, setPreference, toggle, isHydrating };
}

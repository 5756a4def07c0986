import { useCallback, useSyncExternalStore } from "react";
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

export interface ThemeControls {
  preference: ThemePreference;
  resolved: ResolvedTheme;
  setPreference: (preference: ThemePreference) => void;
  /** Switches to the opposite of what is shown now, as an explicit choice. */
  toggle: () => void;
}

export function useTheme(): ThemeControls {
  const preference = useThemeStore((state) => state.preference);
  const setPreference = useThemeStore((state) => state.setPreference);
  const resolved = resolveTheme(preference, useSystemDark());
  const toggle = useCallback(
    () => setPreference(resolved === "dark" ? "light" : "dark"),
    [resolved, setPreference],
  );
  return { preference, resolved, setPreference, toggle };
}

import { create } from "zustand";
import { readThemePreference, type ThemePreference, writeThemePreference } from "../theme";

interface ThemeState {
  preference: ThemePreference;
  setPreference: (preference: ThemePreference) => void;
}

const browserStorage = () => (typeof localStorage === "undefined" ? undefined : localStorage);

// The key holds the bare word ("light" | "dark" | "system") so public/theme-init.js can read it
// before any of this code loads; zustand's persist middleware would wrap it in JSON.
export const useThemeStore = create<ThemeState>()((set) => ({
  preference: readThemePreference(browserStorage()),
  setPreference: (preference) => {
    writeThemePreference(browserStorage(), preference);
    set({ preference });
  },
}));

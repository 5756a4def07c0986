/** The theme feature's public entry: applying the theme, and the controls that change it. */
export { ThemeRadioGroup } from "./components/theme-radio-group";
export { ThemeToggle } from "./components/theme-toggle";
export { useApplyTheme } from "./hooks/use-apply-theme";
export { useTheme } from "./hooks/use-theme";
export { useThemeStore } from "./state/theme-store";
export { THEME_STORAGE_KEY } from "./theme";

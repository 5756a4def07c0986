import { useEffect } from "react";
import { applyTheme } from "../theme";
import { useTheme } from "./use-theme";

/** Keeps the document's theme in step with the preference and, for "system", the OS setting. */
export function useApplyTheme(): void {
  const { resolved, isHydrating } = useTheme();
  useEffect(() => {
    // Hydration renders the prerendered theme; public/theme-init.js already put the real one on the page.
    if (!isHydrating) applyTheme(document, resolved);
  }, [resolved, isHydrating]);
}

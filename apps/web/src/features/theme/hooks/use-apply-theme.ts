import { useEffect } from "react";
import { applyTheme } from "../theme";
import { useTheme } from "./use-theme";

/** Keeps the document's theme in step with the preference and, for "system", the OS setting. */
export function useApplyTheme(): void {
  const { resolved } = useTheme();
  useEffect(() => {
    applyTheme(document, resolved);
  }, [resolved]);
}

import { LOADING_SCREEN_MS } from "@heartline/shared";
import { useEffect, useState } from "react";

/** True for the first ~0.5 s after the app mounts (spec §2 loading screen). */
export function useStartupScreen(durationMs: number = LOADING_SCREEN_MS): boolean {
  const [isShowing, setShowing] = useState(durationMs > 0);
  useEffect(() => {
    if (durationMs <= 0) return;
    const timer = setTimeout(() => setShowing(false), durationMs);
    return () => clearTimeout(timer);
  }, [durationMs]);
  return isShowing;
}

import { ACCOUNT_PATHS } from "@heartline/shared";
// Declares <altcha-widget> for JSX; types only, nothing loads at runtime.
import type {} from "altcha/types/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiConfig } from "../../../lib/http-client";

export interface AltchaWidgetProps {
  /** The solved payload, to be posted to /api/verify-recaptcha. */
  onSolved: (payload: string) => void;
  /** The widget itself failed (challenge fetch, expiry, solving). */
  onFailed: () => void;
  /** Bumped by the parent to start over with a fresh challenge. */
  resetKey: number;
}

interface StateChangeDetail {
  state: string;
  payload?: string;
}

/** The `<altcha-widget>` web component, loaded on first use (spec §2 'Verify You're Human'). */
export function AltchaWidget({ onSolved, onFailed, resetKey }: AltchaWidgetProps) {
  const [isLoaded, setLoaded] = useState(false);
  const handlers = useRef({ onSolved, onFailed });
  handlers.current = { onSolved, onFailed };

  useEffect(() => {
    let isCurrent = true;
    import("./load-altcha")
      .then(() => {
        if (isCurrent) setLoaded(true);
      })
      .catch(() => handlers.current.onFailed());
    return () => {
      isCurrent = false;
    };
  }, []);

  // A callback ref with cleanup (React 19): the listener follows the element across resets.
  const attach = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      if (state === "verified" && payload) handlers.current.onSolved(payload);
      else if (state === "error" || state === "expired") handlers.current.onFailed();
    };
    element.addEventListener("statechange", onStateChange);
    return () => element.removeEventListener("statechange", onStateChange);
  }, []);

  if (!isLoaded) {
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">Loading the check…</p>;
  }
  return (
    <div key={resetKey} className="w-full">
      <altcha-widget
        ref={attach}
        challenge={`${apiConfig.baseUrl}${ACCOUNT_PATHS.humanCheckChallenge}`}
        name="altcha"
        className="block"
      />
    </div>
  );
}

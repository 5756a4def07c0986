import { useCallback, useEffect, useRef, useState } from "react";
import { accountRequests } from "../api/account-requests";
import { solveAltcha } from "./solve-altcha";

/**
 * The server's human pass lives 5 minutes (apps/server human-pass.ts); the client stops trusting its copy
 * a minute early so a slow form never posts an expired one.
 */
export const HUMAN_PASS_TRUSTED_MS = 4 * 60_000;

/** Where the browser's human pass stands: none, being solved, held (unspent), or the last try failed. */
export type HumanPassState = "none" | "solving" | "ready" | "failed";

/**
 * Issue #14: the ALTCHA check solved by itself. `ensure()` resolves once the browser holds an unspent
 * human pass (solving one if needed). The server spends a pass on every guest, sign-in or sign-up request
 * that reaches it, successful or not (single use by design, against replay), so after a form error
 * `spent()` solves the next one silently in the background: the resubmit finds it ready.
 */
export function useHumanPass() {
  const [state, setState] = useState<HumanPassState>("none");
  const readyUntil = useRef(0);
  const inFlight = useRef<Promise<void> | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const solve = useCallback((): Promise<void> => {
    if (inFlight.current) return inFlight.current;
    const abort = new AbortController();
    controller.current = abort;
    setState("solving");
    const run = solveAltcha(abort.signal)
      .then((payload) => accountRequests.verifyHuman(payload))
      .then(
        () => {
          readyUntil.current = Date.now() + HUMAN_PASS_TRUSTED_MS;
          setState("ready");
        },
        (error: unknown) => {
          setState("failed");
          throw error;
        },
      )
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = run;
    return run;
  }, []);

  /** The browser holds an unspent pass the server should still accept. */
  const isReady = useCallback(() => readyUntil.current > Date.now() && !inFlight.current, []);

  const ensure = useCallback(async (): Promise<void> => {
    if (!isReady()) await solve();
  }, [isReady, solve]);

  const spent = useCallback(() => {
    readyUntil.current = 0;
    setState("none");
    // A failure here shows on the next submit, which tries again.
    solve().catch(() => undefined);
  }, [solve]);

  return { state, isReady, ensure, spent };
}

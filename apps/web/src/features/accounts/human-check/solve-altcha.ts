import { ACCOUNT_PATHS } from "@heartline/shared";
// Types only: the widget's element methods and events.
import type { WidgetMethods } from "altcha/types";
import { apiConfig } from "../../../lib/http-client";

interface StateChangeDetail {
  state: string;
  payload?: string;
}

/**
 * Issue #14: the ALTCHA proof-of-work solved by itself, with no "I'm not a robot" tick. An invisible
 * `<altcha-widget auto="onload">` (the widget's documented auto mode) fetches a challenge from our
 * server, solves it in our own workers and hands back the payload for /api/verify-recaptcha. The widget
 * code loads here, on first use, never with the landing page.
 */
export async function solveAltcha(signal?: AbortSignal): Promise<string> {
  await import("./load-altcha");
  await customElements.whenDefined("altcha-widget");
  const element = document.createElement("altcha-widget") as HTMLElement & Partial<WidgetMethods>;
  element.setAttribute("challenge", `${apiConfig.baseUrl}${ACCOUNT_PATHS.humanCheckChallenge}`);
  element.setAttribute("auto", "onload");
  element.setAttribute("display", "invisible");
  element.setAttribute("name", "altcha");
  element.hidden = true;
  element.setAttribute("aria-hidden", "true");
  try {
    return await new Promise<string>((resolve, reject) => {
      const onAbort = () => reject(new DOMException("The human check was cancelled.", "AbortError"));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      element.addEventListener("statechange", (event) => {
        const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
        if (state === "verified" && payload) resolve(payload);
        else if (state === "error" || state === "expired") reject(new Error(`ALTCHA ${state}`));
      });
      document.body.append(element);
    });
  } finally {
    element.remove();
  }
}

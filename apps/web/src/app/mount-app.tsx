import { ROOT_ELEMENT_MISSING_MESSAGE } from "@heartline/shared";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { createAppRouter } from "../routes/router";
import { App } from "./app";
import { PRERENDERED_PATH_ATTRIBUTE } from "./prerendered-path";
import { createQueryClient } from "./query-client";
import { routerReady } from "./router-ready";

/**
 * Renders the app into `#root`; spec §8: start-up fails with 'Failed to find the root element'.
 * A root that holds this address's prerendered page (issue #16, B6) is hydrated once the page's lazy
 * module is in, so the markup already on screen is kept (the root's attribute goes once it is live);
 * otherwise (every other page, the service worker's shell) the app renders from scratch behind the
 * start-up loading screen.
 */
export function mountApp(doc: Document): Root | Promise<Root> {
  const container = doc.getElementById("root");
  if (!container) throw new Error(ROOT_ELEMENT_MISSING_MESSAGE);
  const router = createAppRouter();
  const queryClient = createQueryClient();
  const isPrerendered = container.getAttribute(PRERENDERED_PATH_ATTRIBUTE) === doc.location?.pathname;
  if (!isPrerendered) {
    const root = createRoot(container);
    root.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
    return root;
  }
  return routerReady(router).then(() => {
    let root: Root | undefined;
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page (B6's total blocking time); a click hydrates its target first.
    startTransition(() => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App
            queryClient={queryClient}
            router={router}
            hasStartupScreen={false}
            // The markup is live: the attribute now says nothing (tests wait for it to go).
            onMounted={() => container.removeAttribute(PRERENDERED_PATH_ATTRIBUTE)}
          />
        </StrictMode>,
      );
    });
    if (!root) throw new Error("hydrateRoot returned no root");
    return root;
  });
}

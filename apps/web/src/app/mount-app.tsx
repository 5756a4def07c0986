import { ROOT_ELEMENT_MISSING_MESSAGE } from "@heartline/shared";
import type { QueryClient } from "@tanstack/react-query";
import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { moveCssAnimationsToCompositor } from "../lib/compositor-motion";
import { activateLocale, documentLocale, loadChatCatalog } from "../lib/i18n/i18n";
import { yieldToBrowser } from "../lib/main-thread";
import { createAppRouter, routeModuleLoaders } from "../routes/router";
import { App } from "./app";
import { PRERENDERED_PATH_ATTRIBUTE } from "./prerendered-path";
import { createQueryClient } from "./query-client";
import { routerReady } from "./router-ready";

function Mounted({ onMounted, children }: { onMounted: () => void; children: ReactNode }) {
  useEffect(() => onMounted(), [onMounted]);
  return children;
}

/**
 * Starts the app in `#root`; spec §8: start-up fails with 'Failed to find the root element'.
 * - The app's shell (index.html, an empty root): rendered from scratch behind the start-up loading screen.
 * - A page of the app prerendered for signed-out visitors (SIGNED_OUT_APP_PATHS, issue #36: `/chat`):
 *   hydrated once the router has loaded the page's module, with no loading screen (it would hide a page
 *   that is already there); the root's prerendered-path attribute goes once it is live.
 * Either way as a transition, so that React renders in slices rather than one long task (B6's total
 * blocking time), and with the page's running CSS animations handed to the Web Animations API first
 * (lib/compositor-motion.ts). The public pages run src/public-entry.tsx and hydrate their islands instead.
 */
export function mountApp(doc: Document): void {
  const container = doc.getElementById("root");
  if (!container) throw new Error(ROOT_ELEMENT_MISSING_MESSAGE);
  // Issue #39: nothing renders before its language's catalogs are in (`<html lang>`: public/locale-init.js);
  // the chats' words ("chat"), the public pages' ("pages") and the account screens' ("account", which those
  // screens wait for) follow, for what the visit goes on to.
  const locale = documentLocale(doc);
  void activateLocale(locale, ["layout", "app"]).then(() => {
    startApp(doc, container);
    void loadChatCatalog(locale);
    void activateLocale(locale, ["pages", "account"]);
  });
}

function startApp(doc: Document, container: HTMLElement): void {
  const queryClient = createQueryClient();
  if (container.getAttribute(PRERENDERED_PATH_ATTRIBUTE) !== doc.location.pathname) {
    const router = createAppRouter();
    container.removeAttribute(PRERENDERED_PATH_ATTRIBUTE);
    moveCssAnimationsToCompositor(doc);
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App queryClient={queryClient} router={router} />
        </StrictMode>,
      ),
    );
    return;
  }
  void hydratePrerendered(container, queryClient);
}

/**
 * Hydrates a prerendered page of the app, in tasks of their own (issue #36: on a phone's CPU the first
 * four were one task of ~200 ms): the app's modules evaluate; the address is matched; the page's route
 * chunks are asked for (their modulepreload links go in); the router starts; the route's modules
 * evaluate; hydration starts.
 */
async function hydratePrerendered(container: HTMLElement, queryClient: QueryClient): Promise<void> {
  await yieldToBrowser();
  const loaders = routeModuleLoaders(container.ownerDocument.location.pathname);
  await yieldToBrowser();
  for (const load of loaders) void load().catch(() => undefined);
  await yieldToBrowser();
  const router = createAppRouter();
  await routerReady(router);
  await yieldToBrowser();
  const live = () => container.removeAttribute(PRERENDERED_PATH_ATTRIBUTE);
  // Before React's root, whose listeners for animation events would put the page's CSS animations
  // (the top bar's ping) on the main thread, every frame (lib/compositor-motion.ts).
  moveCssAnimationsToCompositor(container.ownerDocument);
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <Mounted onMounted={live}>
          <App queryClient={queryClient} router={router} hasStartupScreen={false} />
        </Mounted>
      </StrictMode>,
    );
  });
}

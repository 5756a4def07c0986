import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { PRERENDERED_PATH_ATTRIBUTE } from "../app/prerendered-path";
import { createQueryClient } from "../app/query-client";
import { moveCssAnimationsToCompositor } from "../lib/compositor-motion";
import { whenEngagedOrSettled, whenIdle, yieldToBrowser } from "../lib/main-thread";
import { holdSocketUntil } from "../lib/socket";
import { ISLAND_ATTRIBUTE } from "../ui/island";
import { RouterScopeContext } from "../ui/router-scope";
import { type IslandEntry, islandEntry } from "./island-registry";

// The router loads with the first part that needs one (a menu's links), not with the page.
const LazyDocumentRouter = lazy(() =>
  import("./document-router").then((module) => ({ default: module.DocumentRouter })),
);

function Mounted({ onMounted, children }: { onMounted: () => void; children: ReactNode }) {
  useEffect(() => onMounted(), [onMounted]);
  return children;
}

function withProviders(queryClient: QueryClient, children: ReactNode): ReactNode {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterScopeContext value={LazyDocumentRouter}>{children}</RouterScopeContext>
      </QueryClientProvider>
    </StrictMode>
  );
}

/** Hydrates one island's markup with its component; resolves once it is live. */
function hydrateIsland(element: Element, Component: ComponentType, queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    // As a transition, hydration yields to the browser between islands (B6's total blocking time).
    startTransition(() => {
      hydrateRoot(
        element,
        withProviders(
          queryClient,
          <Mounted onMounted={resolve}>
            <Component />
          </Mounted>,
        ),
      );
    });
  });
}

/**
 * Calls `task` once `element`'s content has come into view and the browser is then idle. The island's
 * wrapper has no box (`display: contents`), so its children are watched.
 */
function whenVisible(element: Element, task: () => void): void {
  const targets = [...element.children];
  if (typeof IntersectionObserver !== "function" || targets.length === 0) {
    whenIdle(task);
    return;
  }
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    whenIdle(task);
  });
  for (const target of targets) observer.observe(target);
}

/** Calls `task` once, on the first of `triggers`. */
function once(task: () => void): () => void {
  let hasRun = false;
  return () => {
    if (hasRun) return;
    hasRun = true;
    task();
  };
}

type FoundIsland = { element: Element; entry: IslandEntry };

/**
 * issue #36: a prerendered public page's script. The page is already complete HTML whose links are plain
 * links; this hydrates only its islands (ui/island.tsx), each in a task of its own: the top bar's
 * controls and the calls to action at once; the account modals only when a button opens one (or an
 * e-mailed link's landing needs them). What can wait starts once the visitor engages with the page or
 * it has settled (`whenEngagedOrSettled`), then when the browser is idle: the demo conversation (once
 * it is in view), the socket, and the page's services (route reports, analytics, toasts), in a root of
 * their own. The page's running CSS animations move to the Web Animations API first (lib/compositor-motion.ts). The root's prerendered-path attribute goes once the islands a visitor can use are live
 * (tests wait for that).
 */
export async function mountIslands(doc: Document): Promise<void> {
  // What can wait, waits for the visitor (a tap, a key, a scroll) or for the page to settle.
  const settled = whenEngagedOrSettled();
  holdSocketUntil(settled);
  const queryClient = createQueryClient();
  const islands: FoundIsland[] = [];
  for (const element of doc.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`)) {
    const entry = islandEntry(element.getAttribute(ISLAND_ATTRIBUTE));
    if (entry) islands.push({ element, entry });
  }
  const hydrate = async ({ element, entry }: FoundIsland) =>
    hydrateIsland(element, await entry.load(), queryClient);

  // The page's modules evaluate in the task that called this; the first island hydrates in the next.
  await yieldToBrowser();
  // Before React's first root, whose listeners for animation events would put the page's CSS
  // animations (the demo's typing dots, the online count's ping) on the main thread, every frame.
  moveCssAnimationsToCompositor(doc);

  for (const island of islands.filter(({ entry }) => entry.when === "load")) {
    await hydrate(island);
    await yieldToBrowser();
  }
  doc.getElementById("root")?.removeAttribute(PRERENDERED_PATH_ATTRIBUTE);

  for (const island of islands) {
    if (island.entry.when === "visible") {
      whenVisible(island.element, () => void settled.then(() => hydrate(island)));
    }
    if (island.entry.when === "demand") {
      let unsubscribe: (() => void) | undefined;
      const start = once(() => {
        unsubscribe?.();
        void hydrate(island);
      });
      unsubscribe = island.entry.wakeOn?.(start);
    }
  }

  void settled.then(async () => {
    const { PageServices } = await import("./page-services");
    const container = doc.createElement("div");
    doc.body.append(container);
    // A transition, so that React renders it in slices (a default update is one task).
    startTransition(() => createRoot(container).render(withProviders(queryClient, <PageServices />)));
  });
}

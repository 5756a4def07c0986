import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { PRERENDERED_PATH_ATTRIBUTE } from "../app/prerendered-path";
import { createQueryClient } from "../app/query-client";
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

/** Runs `task` once the browser is idle (at the latest after `timeoutMs`). */
function whenIdle(task: () => void, timeoutMs = 2_000): void {
  if (typeof window.requestIdleCallback === "function")
    window.requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 200);
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

/**
 * issue #36: a prerendered public page's script. The page is already complete HTML whose links are plain
 * links; this hydrates only its islands (ui/island.tsx): the top bar's controls and the calls to action
 * at once, the account modals and the demo conversation once the browser is idle (the modals sooner if
 * a button opens one). Then the page's services (the socket's route reports, analytics, toasts) start in
 * a root of their own. The root's prerendered-path attribute goes once the islands a visitor can use
 * are live (tests wait for that).
 */
export async function mountIslands(doc: Document): Promise<void> {
  const queryClient = createQueryClient();
  const islands: { element: Element; entry: IslandEntry }[] = [];
  for (const element of doc.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`)) {
    const entry = islandEntry(element.getAttribute(ISLAND_ATTRIBUTE));
    if (entry) islands.push({ element, entry });
  }
  const hydrate = async ({ element, entry }: { element: Element; entry: IslandEntry }) =>
    hydrateIsland(element, await entry.load(), queryClient);

  const later = islands
    .filter(({ entry }) => entry.when === "idle")
    .map((island) => {
      let unsubscribe: (() => void) | undefined;
      const start = once(() => {
        unsubscribe?.();
        void hydrate(island);
      });
      unsubscribe = island.entry.wakeOn?.(start);
      return start;
    });

  await Promise.all(islands.filter(({ entry }) => entry.when === "load").map(hydrate));
  doc.getElementById("root")?.removeAttribute(PRERENDERED_PATH_ATTRIBUTE);

  whenIdle(() => {
    for (const start of later) start();
    void import("./page-services").then(({ PageServices }) => {
      const container = doc.createElement("div");
      doc.body.append(container);
      createRoot(container).render(withProviders(queryClient, <PageServices />));
    });
  });
}

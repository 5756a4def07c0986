import type { AppRouter } from "../routes/router";

/** Resolves once the router has matched the current address and loaded that page's lazy modules. */
export function routerReady(router: Pick<AppRouter, "state" | "subscribe">): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

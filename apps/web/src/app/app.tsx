import { TOAST_DEFAULT_POSITION } from "@heartline/shared";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { RouterProvider } from "react-router";
import { LoadingScreen, useStartupScreen } from "../features/layout";
import type { AppRouter } from "../routes/router";
import { TOAST_OPTIONS, TOASTER_CONTAINER_STYLE } from "./toast-options";

export interface AppProps {
  queryClient: QueryClient;
  router: AppRouter;
  /**
   * False when prerendering a page at build time (issue #16, B6): the loading screen would only hide
   * the markup.
   */
  hasStartupScreen?: boolean;
}

// Toasts are queued in react-hot-toast's store by whoever calls toast(); the Toaster that shows them
// loads right after first paint, keeping it out of the landing page's initial JavaScript.
const Toaster = lazy(() => import("react-hot-toast").then((module) => ({ default: module.Toaster })));

export function App({ queryClient, router, hasStartupScreen = true }: AppProps) {
  // spec §2 The loading screen shows ~0.5 s, and longer if the first page's module is still loading.
  const readIsRouterReady = () => router.state.initialized;
  const isRouterReady = useSyncExternalStore(router.subscribe, readIsRouterReady, readIsRouterReady);
  const isStartupScreenShowing = useStartupScreen(hasStartupScreen ? undefined : 0);
  const isStarting = isStartupScreenShowing || !isRouterReady;
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {isStarting ? <LoadingScreen /> : null}
      <Suspense fallback={null}>
        <Toaster
          position={TOAST_DEFAULT_POSITION}
          toastOptions={TOAST_OPTIONS}
          containerStyle={TOASTER_CONTAINER_STYLE}
        />
      </Suspense>
    </QueryClientProvider>
  );
}

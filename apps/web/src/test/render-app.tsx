import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { createQueryClient } from "../app/query-client";
import { type AppSocket, SocketContext } from "../lib/socket";
import { createAppRoutes } from "../routes/router";

export interface RenderAppOptions {
  socket: AppSocket;
  /** History entries; the last one is shown. */
  entries?: string[];
  /** Another route tree than the app's (for layout rules on stand-in pages). */
  routes?: RouteObject[];
}

/** Renders the real route tree in a memory router with a fresh query client and the given socket. */
export function renderApp({ socket, entries = ["/"], routes = createAppRoutes() }: RenderAppOptions) {
  const queryClient: QueryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SocketContext value={socket}>
        <RouterProvider router={router} />
      </SocketContext>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

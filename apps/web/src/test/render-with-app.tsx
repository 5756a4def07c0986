import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { Toaster } from "react-hot-toast";
import { createMemoryRouter, RouterProvider } from "react-router";
import { type AppSocket, SocketContext } from "../lib/socket";

/** Renders one page at `path` with a fresh query client, a memory router, the toaster and a socket. */
export function renderWithApp(page: ReactNode, { path, socket }: { path: string; socket: AppSocket }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: "/", element: <h1>Home</h1> },
      { path: "/settings", element: <h1>Settings stand-in</h1> },
      { path: "/group-chat", element: <h1>Group chat stand-in</h1> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SocketContext value={socket}>
        <RouterProvider router={router} />
        <Toaster />
      </SocketContext>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

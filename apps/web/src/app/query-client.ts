import { QueryClient } from "@tanstack/react-query";

/** Server data lives in TanStack Query (STYLE); one client per app (and per test). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 1,
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
    },
  });
}

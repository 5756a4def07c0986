import { act, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { App } from "./app";
import { createQueryClient } from "./query-client";

function NoFallback() {
  return null;
}

// A page that takes its time, like a lazy chunk on a slow network.
function slowRoutes(delayMs: number): RouteObject[] {
  return [
    {
      path: "/",
      HydrateFallback: NoFallback,
      lazy: async () => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return { element: <h1>Ready</h1> };
      },
    },
  ];
}

describe("App start-up (spec §2 loading screen)", () => {
  it("shows the loading screen for about 0.5 s, then the page", async () => {
    const started = performance.now();
    render(<App queryClient={createQueryClient()} router={createMemoryRouter(slowRoutes(0))} />);
    expect(screen.getByRole("status", { name: "Loading Heartline" })).toHaveAttribute(
      "data-testid",
      "loading-screen",
    );
    await screen.findByRole("heading", { name: "Ready" });
    await waitFor(() => expect(screen.queryByTestId("loading-screen")).not.toBeInTheDocument());
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
  });

  it("keeps the loading screen until the first page's module has loaded", async () => {
    render(<App queryClient={createQueryClient()} router={createMemoryRouter(slowRoutes(900))} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(screen.getByTestId("loading-screen")).toBeInTheDocument();
    await screen.findByRole("heading", { name: "Ready" });
    await waitFor(() => expect(screen.queryByTestId("loading-screen")).not.toBeInTheDocument());
  });
});

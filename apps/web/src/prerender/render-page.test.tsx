import { act, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { prerender } from "react-dom/static";
import { createMemoryRouter } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { App } from "../app/app";
import { createQueryClient } from "../app/query-client";
import { routerReady } from "../app/router-ready";
import { useThemeStore } from "../features/theme";
import { SocketContext } from "../lib/socket";
import { createAppRoutes } from "../routes/router";
import { installMatchMedia } from "../test/match-media";
import { startTestSocketServer, type TestSocketServer } from "../test/socket-server";
import { PRERENDERED_PATHS, renderPage } from "./render-page";

// issue #16, B6: what the build prerenders (apps/web/build/prerender.ts runs renderPage in Node) must
// hydrate in the browser as it is. React's development build reports every mismatch, attributes
// included, as a console error; text and structure ones also reach onRecoverableError.

let server: TestSocketServer;
const mounted: { root: Root; container: HTMLElement }[] = [];

beforeAll(async () => {
  server = await startTestSocketServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount());
    container.remove();
  }
  act(() => useThemeStore.setState({ preference: "system" }));
});

/** Puts the prerendered markup on the page and hydrates it as the browser does; returns what went wrong. */
async function hydratePrerendered(pathname: string, html: string) {
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [pathname] });
  await routerReady(router);
  const socket = await server.createClient();
  // The server and the client renderer share this realm (in the product they never do): a prerender
  // that ended on a retried lazy component leaves that task's context values set, so an empty one
  // runs first to reset them.
  await prerender(null);
  const recoverableErrors: unknown[] = [];
  const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    await act(async () => {
      const root = hydrateRoot(
        container,
        <StrictMode>
          <SocketContext value={socket}>
            <App queryClient={createQueryClient()} router={router} hasStartupScreen={false} />
          </SocketContext>
        </StrictMode>,
        { onRecoverableError: (error) => recoverableErrors.push(error) },
      );
      mounted.push({ root, container });
    });
    // The footer is a lazy component: its boundary hydrates once its module is in.
    await waitFor(() => expect(container.querySelector("footer")).not.toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    return {
      container,
      recoverableErrors,
      consoleErrors: consoleError.mock.calls.map((call) => String(call[0])),
    };
  } finally {
    consoleError.mockRestore();
  }
}

describe("prerendered public pages (issue #16, B6)", () => {
  it("covers the landing page, the content pages and the ten themed landing pages", () => {
    expect(PRERENDERED_PATHS).toHaveLength(18);
    expect(PRERENDERED_PATHS).toEqual(expect.arrayContaining(["/", "/about", "/talk-to-random-girls"]));
    for (const live of ["/chat", "/leaderboard", "/settings", "/group-chat"]) {
      expect(PRERENDERED_PATHS).not.toContain(live);
    }
  });

  it.each(PRERENDERED_PATHS)(
    "%s renders complete, signed out, and hydrates without a mismatch",
    async (pathname) => {
      const page = await renderPage(pathname);
      const parsed = document.createElement("div");
      parsed.innerHTML = page.html;
      expect(parsed.querySelectorAll("h1")).toHaveLength(1);
      expect(parsed.querySelector("footer")).not.toBeNull();
      expect(parsed.querySelector('[data-testid="loading-screen"]')).toBeNull();
      // The account corner waits for the session lookup: nothing of a signed-in (or out) user is in it.
      expect(parsed.querySelector("header")?.textContent).not.toMatch(/Sign In|Create Account|Sign Out/);
      if (pathname === "/") expect(page.title).toBeNull();
      else expect(page.title).toMatch(/^\S.* · Heartline$/);

      const { container, recoverableErrors, consoleErrors } = await hydratePrerendered(pathname, page.html);
      expect(recoverableErrors).toEqual([]);
      expect(consoleErrors.filter((message) => /hydrat|did not match|didn't match/i.test(message))).toEqual(
        [],
      );
      expect(container.querySelector("h1")?.textContent).toBe(parsed.querySelector("h1")?.textContent);
    },
  );

  // A choice stored in this browser is read when the theme store is created, before any test can set
  // it: e2e/tests/home/prerendered-pages.spec.ts hydrates with one.
  it("hydrates for an OS in dark mode without a mismatch, then shows the visitor's theme", async () => {
    const page = await renderPage("/");
    installMatchMedia(true);
    const { container, recoverableErrors, consoleErrors } = await hydratePrerendered("/", page.html);
    expect(recoverableErrors).toEqual([]);
    expect(consoleErrors.filter((message) => /hydrat|did not match|didn't match/i.test(message))).toEqual([]);
    expect(container.querySelector("h1")?.textContent).toMatch(/Talk to strangers/);
    // After hydration the toggle offers the way back to light, and the document is dark.
    expect(await screen.findByRole("button", { name: "Switch to light theme" })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass("dark");
  });
});

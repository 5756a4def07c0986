import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoAndSettle, useBrowser } from "../../support/browser";
import { textOf } from "../../support/page-facts";
import { type RunningServer, startServer } from "../../support/server";

const browser = useBrowser();

function onlineCount(page: Page): Promise<string> {
  return textOf(page.getByRole("banner").getByTestId("online-count"));
}

async function apiOnlineCount(baseUrl: string): Promise<number> {
  const response = await fetch(new URL("/api/online-count", baseUrl));
  expect(response.ok).toBe(true);
  const body = (await response.json()) as { count: number };
  return body.count;
}

describe("live online count in the header (spec §1, §9 fallback 500)", () => {
  // Its own server, so nobody else's sockets are counted and the number is exact.
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("with two visitors on the site both headers show '2 online', as /api/online-count says", async () => {
    const first = await browser.newPage({ baseUrl: server.baseUrl });
    const second = await browser.newPage({ baseUrl: server.baseUrl, viewport: "phone" });
    await gotoAndSettle(first, "/");
    await gotoAndSettle(second, "/about");
    await expect.poll(() => apiOnlineCount(server.baseUrl), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => onlineCount(first), { timeout: 15_000 }).toBe("2 online");
    await expect.poll(() => onlineCount(second), { timeout: 15_000 }).toBe("2 online");

    // The server pushes online_users on change: a visitor leaving updates the other header live.
    await second.close();
    await expect.poll(() => apiOnlineCount(server.baseUrl), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => onlineCount(first), { timeout: 15_000 }).toBe("1 online");
  });

  it("shows the fallback '500 online' when the count cannot be fetched", async () => {
    const page = await browser.newPage({ baseUrl: server.baseUrl });
    let attempts = 0;
    await page.route("**/api/online-count", (route) => {
      attempts += 1;
      return route.abort();
    });
    await page.route("**/socket.io/**", (route) => {
      attempts += 1;
      return route.abort();
    });
    await page.routeWebSocket(/\/socket\.io\//, (socket) => {
      attempts += 1;
      socket.close();
    });
    await gotoAndSettle(page, "/");
    await expect.poll(() => onlineCount(page), { timeout: 10_000 }).toBe("500 online");
    // Still the fallback after the client has retried (a refused attempt after the fallback showed).
    const seen = attempts;
    await expect.poll(() => attempts, { timeout: 15_000 }).toBeGreaterThan(seen);
    expect(await onlineCount(page)).toBe("500 online");
  });
});

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { diagnostics, gotoAndSettle, useBrowser } from "../../support/browser";
import { pathnameOf } from "../../support/page-facts";

const browser = useBrowser();

/**
 * Paths reported to POST /api/analytics/page-view. The app sends them with navigator.sendBeacon,
 * whose body Playwright's request events do not expose, so the bodies are read over CDP.
 */
async function observePageViews(page: Page): Promise<string[]> {
  const reported: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  cdp.on("Network.requestWillBeSent", (event) => {
    const { method, url } = event.request;
    if (method !== "POST" || new URL(url).pathname !== "/api/analytics/page-view") return;
    void cdp
      .send("Network.getRequestPostData", { requestId: event.requestId })
      .then(({ postData }) => {
        const body = JSON.parse(postData) as { path?: unknown };
        reported.push(typeof body.path === "string" ? body.path : `unexpected body ${postData}`);
      })
      .catch((error: unknown) => reported.push(`unreadable body: ${String(error)}`));
  });
  return reported;
}

describe("platform behaviour of the shell (spec §2: service worker, analytics)", () => {
  it("registers a service worker on load", async () => {
    const page = await browser.newPage({ serviceWorkers: "allow" });
    await gotoAndSettle(page, "/");
    const scriptUrl = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error("navigator.serviceWorker.ready: timed out")),
            // Public pages register the worker after idle (ADR 0019): a loaded machine needs the room.
            25_000,
          );
          void navigator.serviceWorker.ready.then((registration) => {
            clearTimeout(timer);
            resolve(registration.active?.scriptURL ?? "");
          });
        }),
    );
    expect(new URL(scriptUrl).origin).toBe(new URL(page.url()).origin);
  });

  it("leaves uploads, the dev outbox and files to the server once the worker controls the page", async () => {
    const page = await browser.newPage({ serviceWorkers: "allow" });
    await gotoAndSettle(page, "/");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // A page loaded before the worker activated is not controlled by it: the next load is.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // An app route is answered by the worker's shell; the others go to the server.
    const appRoute = await page.goto(new URL("/leaderboard", page.url()).toString());
    expect(appRoute?.fromServiceWorker()).toBe(true);
    for (const path of ["/uploads/users/nobody/missing.png", "/dev/outbox", "/robots.txt"]) {
      const response = await page.goto(new URL(path, page.url()).toString());
      expect(response?.fromServiceWorker(), path).toBe(false);
    }
  });

  it("reports a page view for every route change", async () => {
    const page = await browser.newPage();
    const reported = await observePageViews(page);
    await gotoAndSettle(page, "/");
    await expect.poll(() => reported).toContain("/");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "About", exact: true })
      .click();
    await expect.poll(() => pathnameOf(page)).toBe("/about");
    await expect.poll(() => reported).toContain("/about");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Guidelines", exact: true })
      .click();
    await expect.poll(() => reported).toContain("/guidelines");
    expect(reported.filter((path) => path === "/about")).toHaveLength(1);
  });

  it("serves the page with a Content-Security-Policy that the app does not violate", async () => {
    const page = await browser.newPage();
    const response = await gotoAndSettle(page, "/");
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/default-src|script-src/);
    // Let lazy chunks, fonts and the socket load before judging.
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(diagnostics(page).cspViolations).toEqual([]);
  });

  it("the policy blocks an injected inline script, and the suite notices the violation", async () => {
    const page = await browser.newPage();
    await gotoAndSettle(page, "/about");
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "document.documentElement.dataset.injected = 'yes'";
      document.head.append(script);
    });
    await expect.poll(() => diagnostics(page).cspViolations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.dataset.injected)).toBeUndefined();
    // Seen and asserted: this violation is the point of the test, not a failure of the app.
    diagnostics(page).cspViolations.length = 0;
  });
});

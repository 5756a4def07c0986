import { stat } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { diagnostics, type NewPageOptions, screenshot, useBrowser } from "../../support/browser";
import { headingFacts, textOf } from "../../support/page-facts";
import { HOME_TITLE, THEMED_LANDING_ROUTES } from "../../support/routes";

// issue #16, B6: the public pages are prerendered at build time (apps/web/build/prerender.ts), sent as
// static HTML by the server; issue #36: in the browser only their islands hydrate (src/islands/).

const browser = useBrowser();

const HERO_HEADING = "Talk to strangers. Stay anonymous.";
const CONTENT_ROUTES = ["/about", "/guidelines", "/help", "/terms", "/privacy", "/cookies", "/contact"];
const PRERENDERED_ROUTES = ["/", ...CONTENT_ROUTES, ...THEMED_LANDING_ROUTES];

type Look = Required<Pick<NewPageOptions, "colorScheme" | "viewport">>;
const LOOKS: Look[] = [
  { colorScheme: "light", viewport: "phone" },
  { colorScheme: "dark", viewport: "phone" },
  { colorScheme: "light", viewport: "desktop" },
  { colorScheme: "dark", viewport: "desktop" },
];

/**
 * Remembers, at DOMContentLoaded (before the page's lazy module is in, so before hydration), the h1
 * the server sent, and whether the start-up loading screen is ever put on the page.
 */
async function watchFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const marks = window as unknown as { prerenderedHeading?: Element | null; sawLoadingScreen?: boolean };
    marks.sawLoadingScreen = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="loading-screen"]')) marks.sawLoadingScreen = true;
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => {
      marks.prerenderedHeading = document.querySelector("h1");
    });
  });
}

async function firstPaintFacts(page: Page) {
  return page.evaluate(() => {
    const marks = window as unknown as { prerenderedHeading?: Element | null; sawLoadingScreen?: boolean };
    return {
      hadPrerenderedHeading: Boolean(marks.prerenderedHeading),
      headingKept: marks.prerenderedHeading === document.querySelector("h1"),
      sawLoadingScreen: marks.sawLoadingScreen,
      // Removed by the app once the markup is live.
      isStillStatic: document.querySelector("#root")?.hasAttribute("data-prerendered-path"),
    };
  });
}

function expectNoProblems(page: Page) {
  const found = diagnostics(page);
  expect(found.pageErrors, "uncaught errors (a hydration mismatch is reported as one)").toEqual([]);
  expect(found.consoleErrors, "console errors").toEqual([]);
  expect(found.cspViolations, "CSP violations").toEqual([]);
}

async function expectPng(path: string) {
  expect((await stat(path)).size, path).toBeGreaterThan(5_000);
}

describe("prerendered public pages (issue #16, B6)", () => {
  it.each(LOOKS)(
    "without JavaScript, / shows the hero, the demo and the landing content ($colorScheme, $viewport)",
    async ({ colorScheme, viewport }) => {
      const page = await browser.newPage({ colorScheme, viewport, javaScriptEnabled: false });
      const response = await page.goto("/", { waitUntil: "load" });
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe(HOME_TITLE);
      const hero = page.getByRole("heading", { level: 1 });
      expect(await textOf(hero)).toBe(HERO_HEADING);
      expect(await hero.isVisible()).toBe(true);
      const demo = page.getByTestId("demo-chat");
      expect(await demo.getByTestId("demo-message").count()).toBe(1);
      expect(await demo.getByTestId("demo-typing").isVisible()).toBe(true);
      for (const name of ["New Features", "Leaderboard", "Confession Wall"]) {
        expect(await page.getByRole("heading", { level: 2, name, exact: true }).count(), name).toBe(1);
      }
      expect(await page.getByRole("link", { name: "Start Chatting", exact: true }).count()).toBeGreaterThan(
        0,
      );
      // The lazily loaded footer is part of the page too, and the no-JavaScript notice is gone.
      expect(await page.getByRole("contentinfo").count()).toBe(1);
      expect(await page.getByText("Heartline needs JavaScript to run.").count()).toBe(0);
      expect(await page.getByTestId("loading-screen").count()).toBe(0);
      await expectPng(
        await screenshot(page, `prerendered-home-no-js-${colorScheme}-${viewport}.png`, {
          isReadByTest: true,
        }),
      );
    },
  );

  it.each(LOOKS)(
    "before any module runs, / is painted in the visitor's theme ($colorScheme, $viewport)",
    async ({ colorScheme, viewport }) => {
      const page = await browser.newPage({ colorScheme, viewport });
      // Only the classic theme script runs: what a visitor sees before the app's JavaScript arrives.
      await page.route("**/assets/*.js", (route) => route.abort());
      await page.route("**/registerSW.js", (route) => route.abort());
      await page.goto("/", { waitUntil: "load" });
      expect(await textOf(page.getByRole("heading", { level: 1 }))).toBe(HERO_HEADING);
      const painted = await page.evaluate(() => {
        // The computed colour may be lab()/oklch(): a canvas turns it into RGB.
        const context = document.createElement("canvas").getContext("2d");
        if (!context) throw new Error("no 2d canvas");
        context.fillStyle = getComputedStyle(document.body).backgroundColor;
        context.fillRect(0, 0, 1, 1);
        const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
        return { isDark: document.documentElement.classList.contains("dark"), brightness: (r + g + b) / 3 };
      });
      expect(painted.isDark).toBe(colorScheme === "dark");
      expect(painted.brightness < 128, `background brightness ${painted.brightness}`).toBe(
        colorScheme === "dark",
      );
      // The toggle's icon follows the class, not React state, so it is right before hydration too.
      const toggle = page.getByRole("banner").getByRole("button", { name: /^Switch to (light|dark) theme$/ });
      const shownIcons = await toggle
        .locator("svg")
        .evaluateAll((icons) =>
          icons.filter((icon) => icon.checkVisibility()).map((icon) => icon.innerHTML.includes("circle")),
        );
      expect(shownIcons, "one icon: the sun (a circle) in dark, the moon in light").toEqual([
        colorScheme === "dark",
      ]);
      await expectPng(
        await screenshot(page, `prerendered-home-first-paint-${colorScheme}-${viewport}.png`, {
          isReadByTest: true,
        }),
      );
    },
  );

  it.each(LOOKS)(
    "with JavaScript, / hydrates the markup it was sent and the demo animates ($colorScheme, $viewport)",
    async ({ colorScheme, viewport }) => {
      const page = await browser.newPage({ colorScheme, viewport });
      await watchFirstPaint(page);
      await page.goto("/", { waitUntil: "load" });
      const demo = page.getByTestId("demo-chat");
      // spec §9: the demo advances every 1–2 s; effects run only once the page is hydrated.
      await expect
        .poll(() => demo.getByTestId("demo-message").count(), { timeout: 10_000, interval: 200 })
        .toBeGreaterThanOrEqual(2);
      await expect.poll(() => textOf(demo.getByTestId("demo-progress")), { timeout: 5_000 }).not.toBe("0");
      expect(await firstPaintFacts(page)).toEqual({
        hadPrerenderedHeading: true,
        // Hydration keeps the server's elements; a mismatch (or a client render) would replace them.
        headingKept: true,
        sawLoadingScreen: false,
        isStillStatic: false,
      });
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
        colorScheme === "dark",
      );
      // After hydration the theme toggle's label is the visitor's, and it works.
      const toggle = page.getByRole("banner").getByRole("button", {
        name: colorScheme === "dark" ? "Switch to light theme" : "Switch to dark theme",
      });
      await toggle.waitFor({ state: "visible", timeout: 5_000 });
      expectNoProblems(page);
      await expectPng(
        await screenshot(page, `prerendered-home-hydrated-${colorScheme}-${viewport}.png`, {
          isReadByTest: true,
        }),
      );
      await toggle.click();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
        .toBe(colorScheme !== "dark");
    },
  );

  it("/ fetches only its islands' scripts, once parsed and painted: not the app's entry, not the router", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await page.goto("/", { waitUntil: "load" });
    await page.waitForFunction(() => !document.getElementById("root")?.hasAttribute("data-prerendered-path"));
    const facts = await page.evaluate(async () => {
      const template = document.getElementById("page-scripts") as HTMLTemplateElement | null;
      const listed = [...(template?.content.querySelectorAll("script[src], link[href]") ?? [])].map(
        (tag) => new URL(tag.getAttribute("src") ?? tag.getAttribute("href") ?? "", location.href).pathname,
      );
      const chunks = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname));
      const fetched = chunks.map((entry) => new URL(entry.name).pathname);
      const sources = await Promise.all(listed.map(async (path) => (await fetch(path)).text()));
      return {
        // The loader waits for a frame after the page is parsed (a paint's own timestamp is when the frame
        // reached the screen, which can come after the next task has started).
        parsedAt: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
          .domContentLoadedEventEnd,
        firstChunkAt: Math.min(...chunks.map((entry) => entry.startTime)),
        listedNotFetched: listed.filter((path) => !fetched.includes(path)),
        entries: listed.filter((path) => /\/assets\/(index|public)-[^/]+\.js$/.test(path)),
        appEntryFetched: fetched.some((path) => /\/assets\/index-[^/]+\.js$/.test(path)),
        // React Router's own message: its chunk is not part of the page's initial JavaScript.
        listsRouter: sources.some((source) => source.includes("in the context of a <Router>")),
      };
    });
    expect(facts.firstChunkAt, "no script chunk is requested while the page is parsed").toBeGreaterThan(
      facts.parsedAt,
    );
    expect(facts.listedNotFetched, "listed chunks the page never loaded").toEqual([]);
    expect(facts.entries).toHaveLength(1);
    expect(facts.entries[0]).toMatch(/\/assets\/public-/);
    expect(facts.appEntryFetched, "the app's entry is not loaded").toBe(false);
    expect(facts.listsRouter, "the router is not in the page's initial JavaScript").toBe(false);
    expectNoProblems(page);
  });

  it("a stored dark choice hydrates without a mismatch and stays dark", async () => {
    const page = await browser.newPage({ colorScheme: "light", viewport: "phone" });
    await page.addInitScript(() => localStorage.setItem("heartline-theme", "dark"));
    await watchFirstPaint(page);
    await page.goto("/", { waitUntil: "load" });
    await expect
      .poll(() => page.getByTestId("demo-message").count(), { timeout: 10_000, interval: 200 })
      .toBeGreaterThanOrEqual(2);
    expect((await firstPaintFacts(page)).headingKept).toBe(true);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await page.getByRole("banner").getByRole("button", { name: "Switch to light theme" }).waitFor();
    expectNoProblems(page);
  });

  it("every prerendered page is sent as its own HTML: its heading, its title, no session", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    for (const path of PRERENDERED_ROUTES) {
      const response = await page.goto(path, { waitUntil: "load" });
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()["cache-control"], path).toBe("no-cache");
      const root = page.locator("#root");
      expect(await root.getAttribute("data-prerendered-path"), path).toBe(path);
      const headings = await headingFacts(page);
      expect(headings.total, `h1 on ${path}`).toBe(1);
      expect(headings.text, path).not.toBe("");
      const title = await page.title();
      if (path === "/") expect(title).toBe(HOME_TITLE);
      else expect(title, path).toMatch(/^\S.* · Heartline$/);
      // The signed-out view: the account corner waits for the session lookup, so it is empty.
      const banner = page.getByRole("banner");
      for (const name of ["Sign In", "Create Account", "Account menu", "Sign Out"]) {
        expect(await banner.getByRole("button", { name }).count(), `${name} on ${path}`).toBe(0);
      }
    }
  });

  it("a content page and a themed landing page hydrate without errors", async () => {
    const page = await browser.newPage();
    await watchFirstPaint(page);
    for (const path of ["/about", THEMED_LANDING_ROUTES[0]]) {
      await page.goto(path, { waitUntil: "load" });
      // Hydrated: the signed-out visitor's buttons appear once the session lookup has answered.
      await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).waitFor();
      expect(await firstPaintFacts(page), path).toEqual({
        hadPrerenderedHeading: true,
        headingKept: true,
        sawLoadingScreen: false,
        isStillStatic: false,
      });
    }
    expectNoProblems(page);
  });

  it("a page that is not prerendered still starts behind the loading screen", async () => {
    const page = await browser.newPage();
    await watchFirstPaint(page);
    await page.goto("/leaderboard", { waitUntil: "load" });
    expect(await page.locator("#root").getAttribute("data-prerendered-path")).toBeNull();
    await page.getByRole("heading", { level: 1 }).waitFor({ state: "visible", timeout: 10_000 });
    const facts = await firstPaintFacts(page);
    expect(facts.hadPrerenderedHeading).toBe(false);
    expect(facts.sawLoadingScreen).toBe(true);
  });
});

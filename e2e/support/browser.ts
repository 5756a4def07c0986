import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page, type Response } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { chromiumLaunchOptions } from "./chromium-args";
import { REPO_ROOT, suiteBaseUrl } from "./server";

export const ARTIFACTS_DIR = join(REPO_ROOT, "e2e/artifacts");

const SETTLE_TIMEOUT_MS = 20_000;

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

export interface NewPageOptions {
  viewport?: ViewportName;
  colorScheme?: "light" | "dark";
  /** Blocked by default so that page.route() sees every request (a service worker would bypass it). */
  serviceWorkers?: "allow" | "block";
  /** Another server's origin (see startServer); defaults to the suite's server. */
  baseUrl?: string;
  /** False loads pages as a visitor (or crawler) without JavaScript sees them; defaults to true. */
  javaScriptEnabled?: boolean;
  /** The browser's language (`navigator.languages`, `Accept-Language`); defaults to en-US. */
  locale?: string;
}

export interface PageDiagnostics {
  pageErrors: string[];
  consoleErrors: string[];
  cspViolations: string[];
}

export interface BrowserHarness {
  /** A page in a fresh context (own cookies, storage and socket), closed after the test. */
  newPage(options?: NewPageOptions): Promise<Page>;
}

const diagnosticsByPage = new WeakMap<Page, PageDiagnostics>();

/** What went wrong in this page so far: uncaught errors, console errors, CSP violations. */
export function diagnostics(page: Page): PageDiagnostics {
  const found = diagnosticsByPage.get(page);
  if (!found) throw new Error("diagnostics(): this page was not created by useBrowser().newPage()");
  return found;
}

const CSP_CONSOLE = /Content Security Policy/i;
const CSP_BINDING = "__heartlineCspViolation";

async function watchPage(context: BrowserContext, page: Page): Promise<void> {
  const found: PageDiagnostics = { pageErrors: [], consoleErrors: [], cspViolations: [] };
  diagnosticsByPage.set(page, found);
  page.on("pageerror", (error) => found.pageErrors.push(`${page.url()}: ${error.stack ?? error.message}`));
  page.on("console", (message) => {
    const text = `${page.url()}: ${message.text()}`;
    if (CSP_CONSOLE.test(message.text())) found.cspViolations.push(text);
    else if (message.type() === "error") found.consoleErrors.push(text);
  });
  // The DOM event also catches violations that never reach the console (e.g. report-only policies).
  await context.exposeBinding(CSP_BINDING, ({ page: source }, detail: string) => {
    if (source) diagnosticsByPage.get(source)?.cspViolations.push(`${source.url()}: ${detail}`);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as Record<string, (detail: string) => void>)[binding];
      report?.(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.disposition})`);
    });
  }, CSP_BINDING);
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * The worker's Chromium: launched by the first file that needs it and kept for the files after it (the
 * suite runs with `isolate: false`, so this module and its browser outlive a file; e2e/vitest.config.ts).
 * Files share the process, never a page: each test opens fresh contexts (own cookies, storage, cache).
 * Playwright closes it when the worker exits; a browser that crashed or was closed is launched again.
 */
function launchWorkerBrowser(): Promise<Browser> {
  workerBrowser ??= chromium
    .launch(chromiumLaunchOptions())
    .then((browser) => {
      browser.once("disconnected", () => {
        workerBrowser = undefined;
      });
      return browser;
    })
    .catch((error: unknown) => {
      workerBrowser = undefined;
      throw error;
    });
  return workerBrowser;
}

/**
 * Registers the worker's Chromium (beforeAll) and per-test clean-up. After each test the pages it opened
 * are checked: an uncaught page error or a CSP violation fails the test.
 */
export function useBrowser(): BrowserHarness {
  let browser: Browser | undefined;
  let contexts: { context: BrowserContext; page: Page }[] = [];

  beforeAll(async () => {
    browser = await launchWorkerBrowser();
    if (!browser.isConnected()) browser = await launchWorkerBrowser();
  });

  afterEach(async () => {
    const opened = contexts;
    contexts = [];
    const problems: string[] = [];
    for (const { page } of opened) {
      const found = diagnosticsByPage.get(page);
      if (!found) continue;
      problems.push(...found.pageErrors.map((error) => `uncaught page error: ${error}`));
      problems.push(...found.cspViolations.map((violation) => `CSP violation: ${violation}`));
    }
    await Promise.all(opened.map(({ context }) => context.close()));
    if (problems.length > 0) throw new Error(`The page reported problems:\n${problems.join("\n")}`);
  });

  afterAll(async () => {
    // What a file left open (a context outside a test) is closed with it; the browser stays for the next.
    await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
    browser = undefined;
  });

  return {
    async newPage(options: NewPageOptions = {}) {
      if (!browser) {
        throw new Error("newPage() must be called inside a test (the browser starts in beforeAll)");
      }
      const context = await browser.newContext({
        ...VIEWPORTS[options.viewport ?? "desktop"],
        baseURL: options.baseUrl ?? suiteBaseUrl(),
        colorScheme: options.colorScheme ?? "light",
        serviceWorkers: options.serviceWorkers ?? "block",
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        locale: options.locale ?? "en-US",
        timezoneId: "UTC",
      });
      const page = await context.newPage();
      contexts.push({ context, page });
      await watchPage(context, page);
      return page;
    },
  };
}

/**
 * Navigates and waits until the app is usable: the start-up loading screen and the lazy-route
 * spinner are gone, a prerendered page is hydrated, and the page's h1 is visible with text (spec §2
 * loading screen, lazy pages).
 */
export async function gotoAndSettle(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path, { waitUntil: "load" });
  try {
    await page.waitForFunction(
      () => {
        const isShown = (element: Element | null) => {
          if (!element) return false;
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && style.opacity !== "0";
        };
        if (isShown(document.querySelector('[data-testid="loading-screen"]'))) return false;
        // A prerendered page (issue #16) is on screen at once; it works once hydrated (the attribute goes).
        if (document.querySelector("#root[data-prerendered-path]")) return false;
        const heading = document.querySelector("h1");
        return isShown(heading) && (heading?.textContent ?? "").trim().length > 0;
      },
      undefined,
      { timeout: SETTLE_TIMEOUT_MS },
    );
    await page
      .getByRole("status", { name: "Loading page" })
      .waitFor({ state: "hidden", timeout: SETTLE_TIMEOUT_MS });
  } catch (error) {
    throw new Error(`${path} did not settle: ${await describeStuckPage(page)}`, { cause: error });
  }
  return response;
}

/** What the page shows when it never settled, so the failure explains itself. */
async function describeStuckPage(page: Page): Promise<string> {
  const shown = await page
    .evaluate(() => ({
      h1: [...document.querySelectorAll("h1")].map((heading) => heading.textContent?.trim()),
      isLoadingScreen: document.querySelector('[data-testid="loading-screen"]') !== null,
      text: (document.body?.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 300),
    }))
    .catch((error: unknown) => ({ error: String(error) }));
  const found = diagnosticsByPage.get(page);
  return JSON.stringify({ url: page.url(), ...shown, ...found }, null, 2);
}

/**
 * Waits for web fonts and for every finite animation or transition (a dialog fading in, a colour
 * changing with the theme) to finish, in the page or `within` one element; looping ones (spinners,
 * pulses) keep running. An attention cue played a few times over (the top bar's online ping, 3 × 1 s
 * after every page load; the home page's flame, 3 × 2 s) is finished at once: `finish()` leaves it in
 * the state its last iteration ends in, the one waiting for it gives (issue #37: the wait cost each axe
 * check and screenshot after a page load 3 s, 6 s on the home page).
 */
export async function settleAnimations(page: Page, within?: string): Promise<void> {
  await page.evaluate(async (selector) => {
    await document.fonts.ready;
    // Within one element (an open dialog), animations elsewhere (the home page's demo) do not matter.
    const root = selector ? document.querySelector(selector) : null;
    const finite = (root ? root.getAnimations({ subtree: true }) : document.getAnimations()).filter(
      (animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
    );
    for (const animation of finite) {
      if ((animation.effect?.getComputedTiming().iterations ?? 1) > 1) animation.finish();
    }
    // A finished promise also rejects when an animation is cancelled: that is done too.
    await Promise.allSettled(finite.map((animation) => animation.finished));
  }, within ?? null);
}

/**
 * Whether `screenshot()` writes its PNG. Most pictures are for people to look at, so `.ci/run`, whose
 * fresh clone nobody opens, turns them off with `E2E_SCREENSHOTS=0` (issue #37: a full-page phone shot at
 * device scale 2 is among the costliest things a browser test does). A shot a test reads is always taken.
 */
const isSavingScreenshots = process.env.E2E_SCREENSHOTS !== "0";

export interface ScreenshotOptions {
  /** Full page unless told otherwise. */
  fullPage?: boolean;
  /** The test reads the PNG it gets back (its size, its pixels): taken even with `E2E_SCREENSHOTS=0`. */
  isReadByTest?: boolean;
}

/**
 * Saves a PNG under e2e/artifacts/ once web fonts are ready and opening/closing animations (a dialog
 * fading in) have finished; looping ones (spinners, pulses) keep running. With `E2E_SCREENSHOTS=0` the
 * page still settles (the test goes on from the same state), and only a shot the test reads is captured.
 */
export async function screenshot(page: Page, name: string, options: ScreenshotOptions = {}) {
  await settleAnimations(page);
  const path = join(ARTIFACTS_DIR, name.endsWith(".png") ? name : `${name}.png`);
  if (!isSavingScreenshots && !options.isReadByTest) return path;
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path, fullPage: options.fullPage ?? true, animations: "allow" });
  return path;
}

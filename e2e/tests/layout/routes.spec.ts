import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { diagnostics, gotoAndSettle, useBrowser, type ViewportName } from "../../support/browser";
import { headingFacts, layoutFacts, pathnameOf, textOf } from "../../support/page-facts";
import {
  GROUP_CHAT_ROUTES,
  HOME_TITLE,
  ROOT_LAYOUT_ROUTES,
  THEMED_LANDING_ROUTES,
} from "../../support/routes";

const browser = useBrowser();

async function expectOnePageHeading(page: Page) {
  const headings = await headingFacts(page);
  expect(headings.total, `h1 elements on ${pathnameOf(page)}`).toBe(1);
  expect(headings.visible).toBe(1);
  expect(headings.text).not.toBe("");
}

async function expectTitle(page: Page, path: string) {
  const title = await page.title();
  if (path === "/") expect(title).toBe(HOME_TITLE);
  else expect(title).toMatch(/\S · Heartline$/);
}

/** Checks `path` in `page` (one page per viewport serves many routes: its cache makes each load cheaper). */
async function expectRootLayoutPage(page: Page, path: string, viewport: ViewportName) {
  await gotoAndSettle(page, path);
  expect(pathnameOf(page), path).toBe(path);
  await expectOnePageHeading(page);
  await expectTitle(page, path);
  // The footer loads after the first render (below the fold, outside the initial JavaScript).
  await expect
    .poll(() => layoutFacts(page), { message: `${viewport} layout of ${path}` })
    .toEqual({ topBars: 1, footers: 1 });
  expect(diagnostics(page).pageErrors, path).toEqual([]);
}

describe("every public page renders inside the root layout (spec §2)", () => {
  it.each(["desktop", "phone"] as const)(
    "every root-layout page shows one h1, a Heartline title, the top bar and the footer (%s)",
    async (viewport) => {
      const page = await browser.newPage({ viewport });
      for (const path of ROOT_LAYOUT_ROUTES) await expectRootLayoutPage(page, path, viewport);
    },
  );

  // The ten themed pages share one layout and component; phone width is covered by the routes above.
  it("every themed landing page shows one h1, a Heartline title, the top bar and the footer", async () => {
    const page = await browser.newPage({ viewport: "desktop" });
    for (const path of THEMED_LANDING_ROUTES) await expectRootLayoutPage(page, path, "desktop");
  });
});

describe("the random chat page has its own layout (spec §2 'On /chat')", () => {
  it("/chat shows the top bar on desktop and no footer", async () => {
    const page = await browser.newPage({ viewport: "desktop" });
    await gotoAndSettle(page, "/chat");
    expect(pathnameOf(page)).toBe("/chat");
    await expectOnePageHeading(page);
    await expectTitle(page, "/chat");
    expect(await layoutFacts(page)).toEqual({ topBars: 1, footers: 0 });
  });

  it("/chat hides the top bar at phone width and has no footer", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await gotoAndSettle(page, "/chat");
    await expectOnePageHeading(page);
    expect(await layoutFacts(page)).toEqual({ topBars: 0, footers: 0 });
  });
});

describe("the group chat is closed to signed-out visitors (spec §2 protected routes)", () => {
  it("every /group-chat page sends a signed-out visitor home with the Join Chat Room dialog open", async () => {
    const page = await browser.newPage();
    for (const path of GROUP_CHAT_ROUTES) {
      await page.goto(path);
      await expect.poll(() => pathnameOf(page), { timeout: 15_000, message: path }).toBe("/");
      const dialog = page.getByRole("dialog", { name: "Join Chat Room" });
      await dialog.waitFor({ state: "visible", timeout: 15_000 });
      expect(await dialog.getByLabel("Username").count(), path).toBe(1);
    }
  });
});

describe("unknown addresses", () => {
  it("an unknown path shows the 404 page inside the normal layout", async () => {
    const page = await browser.newPage();
    await gotoAndSettle(page, "/this-page-does-not-exist");
    await expectOnePageHeading(page);
    expect(await textOf(page.locator("body"))).toMatch(/404|not found/i);
    expect(await page.title()).toMatch(/Heartline$/);
    await expect.poll(() => layoutFacts(page)).toEqual({ topBars: 1, footers: 1 });
  });
});

describe("top bar and footer content (spec §2 layout rules)", () => {
  it("the top bar links to every main section", async () => {
    const page = await browser.newPage();
    await gotoAndSettle(page, "/about");
    const banner = page.getByRole("banner");
    expect(await banner.getByRole("link", { name: "Heartline home" }).getAttribute("href")).toBe("/");
    const nav = banner.getByRole("navigation", { name: "Main" });
    const expected: [string, string][] = [
      ["Home", "/"],
      ["About", "/about"],
      ["Leaderboard", "/leaderboard"],
      ["FAQ", "/help"],
      ["Guidelines", "/guidelines"],
      ["Contact", "/contact"],
    ];
    for (const [name, href] of expected) {
      expect(await nav.getByRole("link", { name, exact: true }).getAttribute("href"), name).toBe(href);
    }
    expect(await textOf(banner.getByTestId("online-count"))).toMatch(/^[\d,]+ online$/);
  });

  it("the footer shows the current year, the tagline, the link columns and four social links", async () => {
    const page = await browser.newPage();
    await gotoAndSettle(page, "/");
    const footer = page.getByRole("contentinfo");
    const text = await textOf(footer);
    expect(text).toContain(`© ${new Date().getFullYear()} Heartline`);
    expect(text).toContain("Connecting hearts and minds across the digital divide, safely and anonymously.");
    expect(text).toContain("Made with love for the community");
    for (const name of [
      "Home",
      "About",
      "Guidelines",
      "FAQ",
      "Terms of Service",
      "Privacy Policy",
      "Cookie Policy",
    ]) {
      expect(await footer.getByRole("link", { name, exact: true }).count(), name).toBe(1);
    }
    for (const network of ["X", "Instagram", "TikTok", "Discord"]) {
      const link = footer.getByRole("link", { name: `Heartline on ${network}`, exact: true });
      expect(await link.count(), network).toBe(1);
      expect(await link.getAttribute("href")).toMatch(/^https:\/\//);
    }
  });
});

import { stat } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { gotoAndSettle, type NewPageOptions, screenshot, useBrowser } from "../../support/browser";

const browser = useBrowser();

type Look = Required<Pick<NewPageOptions, "colorScheme" | "viewport">>;

const HOME_LOOKS: Look[] = [
  { colorScheme: "light", viewport: "desktop" },
  { colorScheme: "dark", viewport: "desktop" },
  { colorScheme: "light", viewport: "phone" },
  { colorScheme: "dark", viewport: "phone" },
];

const PAGE_LOOKS: Look[] = [
  { colorScheme: "dark", viewport: "desktop" },
  { colorScheme: "light", viewport: "phone" },
];

const PAGES = ["/about", "/guidelines", "/leaderboard", "/chat", "/settings"] as const;

/** The theme follows the system preference by default (spec §1); the html class must agree. */
async function expectTheme(page: Page, colorScheme: Look["colorScheme"]) {
  const isDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  expect(isDark, `html.dark for ${colorScheme}`).toBe(colorScheme === "dark");
}

async function expectPng(path: string) {
  const file = await stat(path);
  expect(file.size, path).toBeGreaterThan(5_000);
}

describe("visual snapshots for review (written to e2e/artifacts/)", () => {
  it.each(HOME_LOOKS)("home page, $colorScheme theme, $viewport width", async ({ colorScheme, viewport }) => {
    const page = await browser.newPage({ colorScheme, viewport });
    await gotoAndSettle(page, "/");
    await expectTheme(page, colorScheme);
    // Wait for the demo's second message so the shot shows a conversation, not an empty box.
    await expect
      .poll(() => page.getByTestId("demo-message").count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    await expectPng(await screenshot(page, `home-${colorScheme}-${viewport}.png`, { isReadByTest: true }));
  });

  // One page per look goes through the pages (its cache makes each load cheaper).
  it.each(PAGE_LOOKS)(
    `${PAGES.join(", ")} pages, $colorScheme theme, $viewport width`,
    async ({ colorScheme, viewport }) => {
      const page = await browser.newPage({ colorScheme, viewport });
      for (const path of PAGES) {
        await gotoAndSettle(page, path);
        await expectTheme(page, colorScheme);
        await expectPng(
          await screenshot(page, `${path.slice(1)}-${colorScheme}-${viewport}.png`, { isReadByTest: true }),
        );
      }
    },
  );
});

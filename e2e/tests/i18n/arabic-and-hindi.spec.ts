import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "../../support/axe";
import { gotoAndSettle, type NewPageOptions, screenshot, useBrowser } from "../../support/browser";

// Issue #39: the site speaks the visitor's language from the first page on, Arabic right to left.
const browser = useBrowser();

const ARABIC_HEADING = "تحدّث مع الغرباء.";
const HINDI_HEADING = "अजनबियों से बात करें।";

function documentLanguage(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

function heading(page: Page) {
  return page.locator("h1").first().textContent();
}

describe("a visitor whose browser speaks Arabic (issue #39)", () => {
  it("gets / in Arabic, right to left, switches to Hindi from the top bar, and keeps Hindi after a reload", async () => {
    const page = await browser.newPage({ locale: "ar-EG" });
    const response = await gotoAndSettle(page, "/");
    // Served in place: the address stays /, and caches know the answer depends on the language.
    expect(new URL(page.url()).pathname).toBe("/");
    expect(response?.headers().vary).toMatch(/accept-language/);
    expect(await documentLanguage(page)).toEqual({ lang: "ar", dir: "rtl" });
    expect(await heading(page)).toContain(ARABIC_HEADING);
    expect(await page.getByRole("link", { name: "ابدأ الدردشة" }).first().getAttribute("href")).toBe("/chat");

    // The switcher is a labelled native select in the top bar, reachable from the keyboard.
    const switcher = page.getByRole("banner").getByRole("combobox", { name: "اللغة" });
    await switcher.focus();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SELECT");
    expect(await switcher.inputValue()).toBe("ar");
    await switcher.selectOption("hi");

    await page.waitForURL((url) => url.pathname === "/hi/");
    await expect.poll(() => heading(page)).toContain(HINDI_HEADING);
    expect(await documentLanguage(page)).toEqual({ lang: "hi", dir: "ltr" });

    await page.reload();
    await expect.poll(() => heading(page)).toContain(HINDI_HEADING);
    // The choice is the visitor's now: the unprefixed address answers in Hindi too, not in Arabic.
    await gotoAndSettle(page, "/");
    expect(await documentLanguage(page)).toEqual({ lang: "hi", dir: "ltr" });
    expect(await heading(page)).toContain(HINDI_HEADING);
  });

  it("the Arabic home page passes axe with no violation", async () => {
    const page = await browser.newPage({ locale: "ar" });
    await gotoAndSettle(page, "/");
    expect(await documentLanguage(page)).toEqual({ lang: "ar", dir: "rtl" });
    expect(await axeViolations(page)).toEqual([]);
  });

  const LOOKS: Required<Pick<NewPageOptions, "colorScheme" | "viewport">>[] = [
    { colorScheme: "light", viewport: "phone" },
    { colorScheme: "dark", viewport: "phone" },
    { colorScheme: "light", viewport: "desktop" },
    { colorScheme: "dark", viewport: "desktop" },
  ];

  it.each(LOOKS)(
    "the Arabic home page, $colorScheme theme, $viewport width (written to e2e/artifacts/)",
    async ({ colorScheme, viewport }) => {
      const page = await browser.newPage({ locale: "ar", colorScheme, viewport });
      await gotoAndSettle(page, "/");
      expect(await documentLanguage(page)).toEqual({ lang: "ar", dir: "rtl" });
      await expect
        .poll(() => page.getByTestId("demo-message").count(), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(2);
      const path = await screenshot(page, `home-ar-${colorScheme}-${viewport}.png`, { isReadByTest: true });
      expect(path).toMatch(/home-ar-/);
    },
  );
});

import { LANGUAGE_CODES, localizedPath } from "@heartline/shared";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { gotoAndSettle, useBrowser } from "../../support/browser";

// Issue #39: the top bar holds every language's words without pushing a control off the screen (Arabic's
// Create Account was cut off at 1280 px, right to left).
const browser = useBrowser();

/** How far the page is wider than the window, and the top bar's shown controls that lie outside it. */
function topBarFit(page: Page) {
  return page.evaluate(() => {
    const banner = document.querySelector("header");
    const controls = banner ? [...banner.querySelectorAll("a, button, select")] : [];
    const shown = controls
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    return {
      lang: document.documentElement.lang,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      shown: shown.length,
      cutOff: shown
        .filter(({ box }) => box.left < 0 || box.right > window.innerWidth)
        .map(
          ({ element }) =>
            element.getAttribute("aria-label") ?? element.textContent?.trim() ?? element.tagName,
        ),
    };
  });
}

describe("the top bar in every language (issue #39)", () => {
  it("keeps every control on screen at 1280, 1024 and 768 px", async () => {
    const misfits: { locale: string; width: number; overflow: number; cutOff: string[] }[] = [];
    for (const locale of LANGUAGE_CODES) {
      // A page of its own per language: a visited /es/ is remembered, and / would answer in Spanish.
      const page = await browser.newPage({ viewport: "desktop", locale });
      for (const width of [1280, 1024, 768]) {
        await page.setViewportSize({ width, height: 800 });
        await gotoAndSettle(page, localizedPath("/", locale));
        const fit = await topBarFit(page);
        expect(fit.lang).toBe(locale);
        // The bar is there, with the home link and its account buttons at least.
        expect(fit.shown).toBeGreaterThanOrEqual(3);
        if (fit.overflow > 0 || fit.cutOff.length > 0) misfits.push({ locale, width, ...fit });
      }
    }
    expect(misfits).toEqual([]);
  });
});

import { LANGUAGE_CODES, localizedPath } from "@heartline/shared";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { gotoAndSettle, useBrowser } from "../../support/browser";

// Issue #39: the top bar holds every language's words without pushing a control off the screen (Arabic's
// Create Account was cut off at 1280 px, right to left).
const browser = useBrowser();

/** Each link, button and select of the top bar that is shown, and whether it lies inside the viewport. */
function topBarControls(page: Page) {
  return page.evaluate(() => {
    const banner = document.querySelector("header");
    const controls = banner ? [...banner.querySelectorAll("a, button, select")] : [];
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      controls: controls
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.height > 0)
        .map(({ element, box }) => ({
          name: element.getAttribute("aria-label") ?? element.textContent?.trim() ?? element.tagName,
          isInside: box.left >= 0 && box.right <= window.innerWidth,
        })),
    };
  });
}

describe("the top bar in every language (issue #39)", () => {
  it.each([1280, 1024, 768])("keeps every control on screen at %i px", async (width) => {
    const page = await browser.newPage({ viewport: "desktop" });
    await page.setViewportSize({ width, height: 800 });
    for (const locale of LANGUAGE_CODES) {
      await gotoAndSettle(page, localizedPath("/", locale));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      const { overflow, controls } = await topBarControls(page);
      expect({ locale, overflow }).toEqual({ locale, overflow: 0 });
      // The bar is there, with its account buttons at least, and nothing of it is cut off.
      expect(controls.length).toBeGreaterThanOrEqual(3);
      expect(controls.filter((control) => !control.isInside)).toEqual([]);
    }
  });
});

import type { Locator, Page } from "playwright-core";

export interface HeadingFacts {
  /** Every h1 in the document, shown or not. */
  total: number;
  /** The h1 elements a user can see. */
  visible: number;
  /** Text of the first visible h1. */
  text: string;
}

/** Facts about the page's h1 headings (contract: exactly one h1 per page, with text). */
export function headingFacts(page: Page): Promise<HeadingFacts> {
  return page.evaluate(() => {
    const headings = [...document.querySelectorAll("h1")];
    const shown = headings.filter((heading) => heading.checkVisibility({ visibilityProperty: true }));
    return { total: headings.length, visible: shown.length, text: (shown[0]?.textContent ?? "").trim() };
  });
}

/** Facts about the landmarks the layout rules of spec §2 talk about, counting only visible ones. */
export async function layoutFacts(page: Page): Promise<{ topBars: number; footers: number }> {
  return {
    topBars: await page.getByRole("banner").count(),
    footers: await page.getByRole("contentinfo").count(),
  };
}

export function pathnameOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** The element's text with whitespace collapsed, as a reader would quote it. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
}

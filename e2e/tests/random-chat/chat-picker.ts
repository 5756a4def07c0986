import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { gotoAndSettle } from "../../support/browser";

/** The 18+ question a fresh browser is asked once before the first search (issue 14). */
export const ADULT_CONFIRMATION = "I am 18 or older and accept the Terms and Guidelines";

/** Opens /chat and picks the gender and preference (spec §1). */
export async function pickChoices(page: Page, gender: string, preference: string) {
  await gotoAndSettle(page, "/chat");
  await page.getByRole("group", { name: "I am" }).getByText(gender, { exact: true }).click();
  await page
    .getByRole("group", { name: "I want to chat with" })
    .getByText(preference, { exact: true })
    .click();
}

/** issue 14: how long a search is alone before the screen offers ways on (searching-view.tsx). */
const WAITING_ALONE_AFTER_S = 20;
/**
 * The seconds of a search that pass in real time before the page's Date is moved on. The socket's
 * client also reads Date.now(): it gives up on its connection 45 s after the server's last heartbeat,
 * which comes every 25 s; a jump of at most 15 s leaves that heartbeat 5 s to be late.
 */
const REAL_SEARCH_S = 5;

/**
 * Gives the page Playwright's clock, running in real time like the machine's, so that `waitAlone` can
 * move its Date on. Call it before the page's first navigation (the app reads the clock it started with).
 */
export async function installPageClock(page: Page): Promise<void> {
  await page.clock.install();
}

/**
 * Waits for the "waiting alone" offer of a page with `installPageClock`: the search's first seconds pass
 * in real time (the elapsed counter ticks), then the page's Date is moved on to the 20th second
 * (`clock.setSystemTime`, which fires no timer early) instead of the test waiting out the rest (issue #37).
 * The app still counts the seconds from Date.now() and shows the offer from its own 1 s tick.
 */
export async function waitAlone(page: Page): Promise<Locator> {
  const elapsed = async () => Number(await page.getByTestId("search-elapsed").textContent());
  await expect.poll(elapsed, { timeout: 20_000 }).toBeGreaterThanOrEqual(REAL_SEARCH_S);
  const seconds = await elapsed();
  const now = await page.evaluate(() => Date.now());
  await page.clock.setSystemTime(now + Math.max(0, WAITING_ALONE_AFTER_S - seconds) * 1000);
  const alone = page.getByTestId("waiting-alone");
  await alone.waitFor({ timeout: 10_000 });
  expect(await elapsed()).toBeGreaterThanOrEqual(WAITING_ALONE_AFTER_S);
  return alone;
}

import type { Page } from "playwright-core";
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

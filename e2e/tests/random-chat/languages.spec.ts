import { SITE_LOCALE_COOKIE } from "@heartline/shared";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { gotoAndSettle, screenshot, useBrowser } from "../../support/browser";
import { suiteBaseUrl } from "../../support/server";
import { ADULT_CONFIRMATION, pickChoices } from "./chat-picker";

const browser = useBrowser();

const WAIT = { timeout: 20_000 };
const CONNECTED = "You're now chatting with a stranger. Say hi!";
const languagesGroup = (page: Page) => page.getByRole("group", { name: "Languages I speak (optional)" });
const chosenLanguages = (page: Page) =>
  languagesGroup(page)
    .getByRole("checkbox", { checked: true })
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));

/**
 * The site in English by the visitor's own choice (the saved `heartline-locale`), whatever the browser's
 * language: "Languages I speak" still starts from the browser's languages, not the site's.
 */
async function siteInEnglish(page: Page): Promise<void> {
  await page.context().addCookies([{ name: SITE_LOCALE_COOKIE, value: "en", url: suiteBaseUrl() }]);
}

async function start(page: Page) {
  const adult = page.getByRole("checkbox", { name: ADULT_CONFIRMATION });
  if (await adult.isVisible()) await adult.check();
  await page.getByRole("button", { name: "Start Chatting" }).click();
  await page.getByRole("heading", { level: 1, name: "Looking for someone…" }).waitFor(WAIT);
}

describe("random chat: Languages I speak (issue #39)", () => {
  it("starts from the browser's language, is picked by keyboard and remembered, and matches two Hindi speakers ahead of an earlier German one", {
    timeout: 120_000,
  }, async () => {
    // "Other" looking for women, and a woman looking for "Other": no other spec's visitors fit them.
    const german = await browser.newPage({ viewport: "desktop", colorScheme: "light", locale: "de-DE" });
    const hindi = await browser.newPage({ viewport: "phone", colorScheme: "dark" });
    const joiner = await browser.newPage({ viewport: "desktop", colorScheme: "dark", locale: "hi-IN" });
    for (const page of [german, joiner]) await siteInEnglish(page);

    await pickChoices(german, "Other", "Women");
    expect(await chosenLanguages(german)).toEqual(["de"]);
    await start(german);

    // An English browser: English is chosen; the keyboard adds Hindi (Tab moves between the chips).
    await pickChoices(hindi, "Other", "Women");
    expect(await chosenLanguages(hindi)).toEqual(["en"]);
    await languagesGroup(hindi).getByRole("checkbox", { name: "English" }).focus();
    for (let step = 0; step < 5; step += 1) await hindi.keyboard.press("Tab");
    await hindi.keyboard.press("Space");
    expect(await chosenLanguages(hindi)).toEqual(["en", "hi"]);
    await hindi.keyboard.press("Shift+Tab");
    await hindi.keyboard.press("Shift+Tab");
    await hindi.keyboard.press("Shift+Tab");
    await hindi.keyboard.press("Shift+Tab");
    await hindi.keyboard.press("Shift+Tab");
    await hindi.keyboard.press("Space");
    expect(await chosenLanguages(hindi)).toEqual(["hi"]);
    await screenshot(hindi, "random-chat-languages-dark-phone", { fullPage: false });
    // Remembered in this browser.
    await gotoAndSettle(hindi, "/chat");
    expect(await chosenLanguages(hindi)).toEqual(["hi"]);
    await hindi.getByRole("group", { name: "I am" }).getByText("Other", { exact: true }).click();
    await start(hindi);

    // Both women-seekers wait (neither accepts the other); the Hindi browser's woman is matched with
    // the Hindi speaker, though the German speaker waited longer.
    await pickChoices(joiner, "Female", "Other");
    expect(await chosenLanguages(joiner)).toEqual(["hi"]);
    await joiner.getByRole("checkbox", { name: ADULT_CONFIRMATION }).check();
    await joiner.getByRole("button", { name: "Start Chatting" }).click();
    for (const page of [joiner, hindi]) {
      await page.getByRole("log", { name: "Messages" }).getByText(CONNECTED).waitFor(WAIT);
    }
    expect(await german.getByRole("heading", { level: 1, name: "Looking for someone…" }).isVisible()).toBe(
      true,
    );
  });
});

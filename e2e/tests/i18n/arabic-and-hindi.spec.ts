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

  it("connects two Arabic visitors in the random chat, right to left, with the chat's own words in Arabic", {
    timeout: 90_000,
  }, async () => {
    // "Other" looking for "Other": no other spec's visitors fit them.
    const first = await browser.newPage({ locale: "ar", viewport: "phone", colorScheme: "light" });
    const second = await browser.newPage({ locale: "ar", viewport: "desktop", colorScheme: "dark" });
    const wait = { timeout: 20_000 };
    for (const page of [first, second]) {
      await gotoAndSettle(page, "/chat");
      expect(await documentLanguage(page)).toEqual({ lang: "ar", dir: "rtl" });
      await page.getByRole("group", { name: "أنا" }).getByText("آخر", { exact: true }).click();
      await page.getByRole("group", { name: "أريد الدردشة مع" }).getByText("آخرين", { exact: true }).click();
      const adult = page.getByRole("checkbox", { name: "عمري 18 عامًا أو أكثر وأوافق على الشروط والإرشادات" });
      if (await adult.isVisible()) await adult.check();
      await page.getByRole("button", { name: "ابدأ الدردشة" }).click();
    }
    for (const page of [first, second]) {
      // The system line, the partner's label and the header's buttons, all in Arabic.
      await page
        .getByRole("log", { name: "الرسائل" })
        .getByText("أنت الآن تدردش مع شخص غريب. قل مرحبًا!")
        .waitFor(wait);
      expect(await page.getByTestId("partner-label").textContent()).toBe("شخص غريب");
      expect(await page.getByRole("button", { name: "التالي" }).isVisible()).toBe(true);
    }
    await first.getByRole("textbox", { name: "الرسالة" }).fill("مرحبًا!");
    await first.getByRole("button", { name: "إرسال الرسالة" }).click();
    await second.getByTestId("message-text").getByText("مرحبًا!").waitFor(wait);
    // Right to left: my own bubble sits at the start of the line (the left), the partner's at the right.
    const own = await first.getByTestId("chat-message").last().locator("div").first().boundingBox();
    const theirs = await second.getByTestId("chat-message").last().locator("div").first().boundingBox();
    const width = second.viewportSize()?.width ?? 0;
    expect(own?.x ?? 0).toBeLessThan(60);
    expect((theirs?.x ?? 0) + (theirs?.width ?? 0)).toBeGreaterThan(width / 2);
    await screenshot(first, "random-chat-ar-light-phone.png", { isReadByTest: true, fullPage: false });
    await screenshot(second, "random-chat-ar-dark-desktop.png", { isReadByTest: true, fullPage: false });

    await second.getByRole("button", { name: "إنهاء" }).click();
    await first.getByRole("log", { name: "الرسائل" }).getByText("غادر شريكك الدردشة.").waitFor(wait);
    expect(await first.getByRole("button", { name: "ابحث عن شريك جديد" }).isVisible()).toBe(true);
  });
});

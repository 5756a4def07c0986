import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "../../support/axe";
import { gotoAndSettle, useBrowser } from "../../support/browser";

// Issue #39: the content pages are prerendered per language, and the account dialogs a public page
// opens speak the page's language (their catalog loads with them).
const browser = useBrowser();

function documentLanguage(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

describe("translated content pages and account dialogs (issue #39)", () => {
  it("serves /es/about in Spanish with an hreflang alternate per language", async () => {
    const page = await browser.newPage();
    const response = await gotoAndSettle(page, "/es/about");
    expect(response?.status()).toBe(200);
    expect(await documentLanguage(page)).toEqual({ lang: "es", dir: "ltr" });
    expect(await page.locator("h1").first().textContent()).toBe("Sobre Heartline");
    const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (links) =>
      links.map((link) => [link.getAttribute("hreflang"), new URL((link as HTMLLinkElement).href).pathname]),
    );
    expect(alternates).toContainEqual(["es", "/es/about"]);
    expect(alternates).toContainEqual(["pt-BR", "/pt-br/about"]);
    expect(alternates).toContainEqual(["x-default", "/about"]);
  });

  it("serves /ar/contact right to left, passing axe", async () => {
    const page = await browser.newPage();
    await gotoAndSettle(page, "/ar/contact");
    expect(await documentLanguage(page)).toEqual({ lang: "ar", dir: "rtl" });
    expect(await page.locator("h1").first().textContent()).toBe("اتصل بنا");
    expect(await axeViolations(page)).toEqual([]);
  });

  it("serves /ar/guidelines and /hi/help with no axe violation", async () => {
    const page = await browser.newPage();
    for (const [path, lang] of [
      ["/ar/guidelines", "ar"],
      ["/hi/help", "hi"],
    ] as const) {
      await gotoAndSettle(page, path);
      expect((await documentLanguage(page)).lang).toBe(lang);
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  it("opens the guest dialog of the French home page in French", async () => {
    const page = await browser.newPage({ locale: "fr-FR" });
    await gotoAndSettle(page, "/");
    expect(await documentLanguage(page)).toEqual({ lang: "fr", dir: "ltr" });
    await page.getByRole("button", { name: "Rejoindre le salon", exact: true }).first().click();
    const dialog = page.getByRole("dialog", { name: "Rejoindre le salon" });
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.getByLabel("Nom d’utilisateur", { exact: true }).count()).toBe(1);
    await dialog.getByRole("button", { name: "Rejoindre le chat" }).click();
    await dialog.getByText("Le nom d’utilisateur est obligatoire").waitFor();
  });
});

import { describe, expect, it } from "vitest";
import { gotoAndSettle, useBrowser } from "../../support/browser";
import { pathnameOf, textOf } from "../../support/page-facts";

const browser = useBrowser();

const MENU_LINKS: [string, string][] = [
  ["Home", "/"],
  ["Chat", "/chat"],
  ["Leaderboard", "/leaderboard"],
  ["About", "/about"],
  ["Guidelines", "/guidelines"],
  ["Contact", "/contact"],
  ["Terms", "/terms"],
  ["Privacy", "/privacy"],
  ["Cookies", "/cookies"],
];

describe("slide-in mobile menu (spec §2 layout rules)", () => {
  it("at phone width Open menu shows the Menu dialog with every section and the Legal group", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await gotoAndSettle(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor({ state: "visible" });
    for (const [name, href] of MENU_LINKS) {
      const link = menu.getByRole("link", { name, exact: true });
      expect(await link.count(), name).toBe(1);
      expect(await link.getAttribute("href"), name).toBe(href);
    }
    expect(await menu.getByText("Legal", { exact: true }).count()).toBe(1);
  });

  it("choosing About navigates to /about and closes the menu", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await gotoAndSettle(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: "About", exact: true }).click();
    await expect.poll(() => pathnameOf(page)).toBe("/about");
    await menu.waitFor({ state: "hidden" });
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await textOf(page.getByRole("heading", { level: 1 }))).not.toBe("");
  });

  it("the Close menu button closes it and keeps the page", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await gotoAndSettle(page, "/guidelines");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor({ state: "visible" });
    await menu.getByRole("button", { name: "Close menu" }).click();
    await menu.waitFor({ state: "hidden" });
    expect(pathnameOf(page)).toBe("/guidelines");
  });

  it("on desktop the menu button is not shown and the main navigation is", async () => {
    const page = await browser.newPage({ viewport: "desktop" });
    await gotoAndSettle(page, "/");
    expect(await page.getByRole("button", { name: "Open menu" }).count()).toBe(0);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true);
  });
});

import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { gotoAndSettle, screenshot, settleAnimations, useBrowser } from "../../support/browser";
import { signInAsGuest, useGroupChatServer, WAIT } from "./group-chat-helpers";

const browser = useBrowser();
const server = useGroupChatServer("admin@tabs.heartline.test");

/** The guest's group pages, in header order (spec §2; Admin is for admins only). */
const TABS = ["Group chat", "Friends", "Messages", "Confessions", "Dashboard"];

const tabsNav = (page: Page) => page.getByRole("navigation", { name: "Group chat pages" });

/** Whether `tab` lies wholly inside the scrolling row's visible box (not under an edge). */
async function isWhollyShown(nav: Locator, tab: Locator): Promise<boolean> {
  const [row, box] = await Promise.all([nav.boundingBox(), tab.boundingBox()]);
  if (!row || !box) return false;
  return box.x >= row.x - 0.5 && box.x + box.width <= row.x + row.width + 0.5;
}

/** The row's overflow facts and the two edge hints, as the page shows them. */
async function rowState(page: Page) {
  return tabsNav(page).evaluate((nav) => {
    const holder = nav.parentElement as HTMLElement;
    const opacity = (id: string) =>
      getComputedStyle(holder.querySelector(`[data-testid="${id}"]`) as Element).opacity;
    return {
      overflows: nav.scrollWidth > nav.clientWidth + 1,
      moreBefore: holder.dataset.moreBefore,
      moreAfter: holder.dataset.moreAfter,
      beforeHint: opacity("tabs-more-before"),
      afterHint: opacity("tabs-more-after"),
    };
  });
}

async function guestOnPhone(colorScheme: "light" | "dark", name: string): Promise<Page> {
  const page = await browser.newPage({ viewport: "phone", colorScheme, baseUrl: server().baseUrl });
  await page.goto("/");
  await signInAsGuest(page, name);
  return page;
}

describe("group-room section tabs at phone width (issue #14)", () => {
  it("every tab is reachable by scrolling, with an edge hint while more is hidden, in both themes", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await guestOnPhone(colorScheme, `tabs_${colorScheme}`);
      await gotoAndSettle(page, "/group-chat");
      const nav = tabsNav(page);
      await nav.waitFor(WAIT);
      expect(await nav.getByRole("link").allTextContents()).toEqual(TABS);
      expect(await nav.getByRole("link", { name: "Group chat" }).getAttribute("aria-current")).toBe("page");
      await settleAnimations(page);

      // 390 px cannot hold five tabs: the row scrolls, and the hint says so at its end only.
      expect(await rowState(page)).toEqual({
        overflows: true,
        moreBefore: "false",
        moreAfter: "true",
        beforeHint: "0",
        afterHint: "1",
      });
      expect(await isWhollyShown(nav, nav.getByRole("link", { name: "Dashboard" }))).toBe(false);
      await screenshot(page, `group-chat-tabs-start-${colorScheme}-phone.png`, { fullPage: false });

      // Scrolled to the end: Dashboard is wholly on screen and the hint moves to the start.
      await nav.evaluate((element) => {
        element.scrollLeft = element.scrollWidth;
      });
      await expect.poll(() => rowState(page).then((state) => state.moreAfter)).toBe("false");
      await settleAnimations(page);
      expect(await rowState(page)).toMatchObject({ moreBefore: "true", beforeHint: "1", afterHint: "0" });
      expect(await isWhollyShown(nav, nav.getByRole("link", { name: "Dashboard" }))).toBe(true);
      await screenshot(page, `group-chat-tabs-end-${colorScheme}-phone.png`, { fullPage: false });

      // Every tab can be brought wholly into view: swiping (scrolling) the row reaches each one.
      for (const name of TABS) {
        const tab = nav.getByRole("link", { name });
        await tab.scrollIntoViewIfNeeded();
        expect(await isWhollyShown(nav, tab), name).toBe(true);
      }
    }
  }, 180_000);

  it("the current page's tab is scrolled into view when a page opens, and keyboard focus reaches every tab", async () => {
    const page = await guestOnPhone("light", "tabs_current");
    await gotoAndSettle(page, "/group-chat/confession-wall");
    const nav = tabsNav(page);
    const current = nav.getByRole("link", { name: "Confessions" });
    expect(await current.getAttribute("aria-current")).toBe("page");
    await expect.poll(() => isWhollyShown(nav, current)).toBe(true);
    expect(await rowState(page)).toMatchObject({ moreBefore: "true" });

    // Back to the room from the row itself: the first tab is current and in view again.
    await nav.getByRole("link", { name: "Group chat" }).click();
    await page.waitForURL((url) => url.pathname === "/group-chat");
    await expect.poll(() => isWhollyShown(nav, nav.getByRole("link", { name: "Group chat" }))).toBe(true);

    // Keyboard: Tab moves through the row in order, and each focused tab comes into view.
    await nav.getByRole("link", { name: "Group chat" }).focus();
    for (const name of TABS) {
      const tab = nav.getByRole("link", { name });
      await expect.poll(() => tab.evaluate((link) => link === document.activeElement)).toBe(true);
      await expect.poll(() => isWhollyShown(nav, tab), { timeout: 5_000, message: name }).toBe(true);
      await page.keyboard.press("Tab");
    }
  }, 120_000);
});

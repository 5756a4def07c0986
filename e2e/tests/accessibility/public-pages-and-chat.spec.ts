import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openFromTopBar, openGuestModal } from "../../support/accounts";
import { axeAudit, axeViolations } from "../../support/axe";
import { gotoAndSettle, type NewPageOptions, useBrowser } from "../../support/browser";
import { ROOT_LAYOUT_ROUTES, THEMED_LANDING_ROUTES } from "../../support/routes";
import { ADULT_CONFIRMATION, installPageClock, pickChoices, waitAlone } from "../random-chat/chat-picker";

// axe-core's WCAG 2.2 A/AA rules (issue #14) over the public site, its dialogs and every state of the
// random chat, in light desktop and dark phone (dialogs and chat states in both themes at both widths).
const browser = useBrowser();

type Look = Required<Pick<NewPageOptions, "colorScheme" | "viewport">>;
const LOOKS: Look[] = [
  { viewport: "desktop", colorScheme: "light" },
  { viewport: "phone", colorScheme: "dark" },
];

const PUBLIC_ROUTES = [...ROOT_LAYOUT_ROUTES, ...THEMED_LANDING_ROUTES, "/no-such-page"];
const WAIT = { timeout: 20_000 };
// An open dialog is checked on its own: the page behind it was checked just before.
const DIALOG = { within: '[role="dialog"]' };

async function openDialog(
  page: Page,
  opener: () => Promise<unknown>,
  name: string,
  role: "dialog" | "alertdialog" = "dialog",
) {
  await opener();
  await page.getByRole(role, { name }).waitFor({ state: "visible", ...WAIT });
}

describe("accessibility: axe-core WCAG 2.2 A/AA, public pages and random chat (issue #14)", () => {
  it("the checker reports a low-contrast element with its selector and contrast figures", async () => {
    const page = await browser.newPage();
    await gotoAndSettle(page, "/about");
    await page.evaluate(() => {
      const probe = document.createElement("p");
      probe.id = "axe-probe";
      probe.textContent = "Pale text";
      probe.style.cssText = "color:#cccccc;background:#ffffff;font-size:14px";
      document.querySelector("main")?.append(probe);
    });
    const contrast = (await axeViolations(page)).find((violation) => violation.rule === "color-contrast");
    expect(contrast?.nodes.find((node) => node.target === "#axe-probe")?.contrast).toBe(
      "1.6:1 (#cccccc on #ffffff, 10.5pt (14px) normal; needs 4.5:1)",
    );
  });

  it("every public page and the account dialogs, light desktop and dark phone side by side", async () => {
    const audit = axeAudit();
    // The two looks run at the same time (one browser, a page each): the sweep is mostly waiting.
    await Promise.all(
      LOOKS.map(async (look) => {
        const page = await browser.newPage(look);
        for (const path of PUBLIC_ROUTES) {
          await gotoAndSettle(page, path);
          await audit.check(page, `${path} ${look.viewport} ${look.colorScheme}`);
        }
        await openGuestModal(page);
        await audit.checkBothThemes(page, `Join Chat Room dialog, ${look.viewport}`, DIALOG);
        await page.keyboard.press("Escape");
        if (look.viewport === "phone") {
          await openDialog(page, () => page.getByRole("button", { name: "Open menu" }).click(), "Menu");
          await audit.checkBothThemes(page, "mobile menu, phone", DIALOG);
        } else {
          await openFromTopBar(page, "Sign In");
          await audit.checkBothThemes(page, "Sign In dialog, desktop", DIALOG);
          await page.keyboard.press("Escape");
          // The ALTCHA human check (the default server's provider) runs inside this form, its status region too.
          await openFromTopBar(page, "Create Account");
          await audit.checkBothThemes(page, "Create Account dialog, desktop", DIALOG);
        }
      }),
    );
    audit.assertClean();
    // Every route in each look, then the dialogs in both themes (three on desktop, two on the phone).
    expect(audit.checked.length).toBe(PUBLIC_ROUTES.length * 2 + 10);
    // Over 240 s on a slow 2-core machine (2.1 GHz, 2026-11-29): two looks of every public page.
  }, 480_000);

  it("/chat in every state: the picker, 18+ confirmed, waiting, matched, ended, waiting alone and the dialogs", async () => {
    const audit = axeAudit();
    const a = await browser.newPage({ viewport: "desktop", colorScheme: "light" });
    const b = await browser.newPage({ viewport: "phone", colorScheme: "dark" });
    // B waits alone for 20 s of its page's clock, most of them skipped (chat-picker.ts, issue #37).
    await installPageClock(b);
    const adult = (page: Page) => page.getByRole("checkbox", { name: ADULT_CONFIRMATION });
    const start = (page: Page) => page.getByRole("button", { name: "Start Chatting" }).click();
    const searching = (page: Page) =>
      page.getByRole("heading", { level: 1, name: "Looking for someone…" }).waitFor(WAIT);

    await pickChoices(a, "Male", "Women");
    await audit.checkBothThemes(a, "/chat picker, desktop");
    await adult(a).check();
    await audit.check(a, "/chat picker with 18+ confirmed, desktop light");
    await start(a);
    await searching(a);
    await audit.checkBothThemes(a, "/chat waiting, desktop");
    await openDialog(
      a,
      () => a.getByRole("link", { name: "Settings" }).click(),
      "Stop searching?",
      "alertdialog",
    );
    await audit.check(a, "/chat Stop searching? dialog, desktop light", { within: '[role="alertdialog"]' });
    await a.getByRole("button", { name: "Keep searching" }).click();

    await pickChoices(b, "Female", "Men");
    await audit.check(b, "/chat picker, phone dark");
    await adult(b).check();
    await start(b);
    await a.getByTestId("partner-gender").waitFor(WAIT);
    await b.getByTestId("partner-gender").waitFor(WAIT);
    await a.getByRole("textbox", { name: "Message" }).fill("hello there");
    await a.getByRole("textbox", { name: "Message" }).press("Enter");
    await b.getByRole("log", { name: "Messages" }).getByText("hello there").waitFor(WAIT);
    await audit.checkBothThemes(a, "/chat matched, desktop");
    await audit.checkBothThemes(b, "/chat matched, phone");

    await b.getByRole("button", { name: "Next" }).click();
    await searching(b);
    await a.getByRole("button", { name: "Report last partner" }).waitFor(WAIT);
    await audit.checkBothThemes(a, "/chat ended, desktop");
    await openDialog(
      a,
      () => a.getByRole("button", { name: "Report last partner" }).click(),
      "Report this user",
    );
    await audit.check(a, "/chat Report this user dialog, desktop light", DIALOG);
    await a.keyboard.press("Escape");

    // Alone in the queue (A did not search again), B is offered the wider search after ~20 s.
    await waitAlone(b);
    await audit.checkBothThemes(b, "/chat waiting alone, phone");
    audit.assertClean();
  }, 150_000);
});

import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  birthDate,
  fillGuest,
  fillSignUp,
  freshIdentity,
  latestMail,
  onServer,
  openFromTopBar,
  openGuestModal,
} from "../../support/accounts";
import { gotoAndSettle, type NewPageOptions, screenshot, useBrowser } from "../../support/browser";
import { useOwnServer } from "../../support/server";

// Every account modal, light and dark (desktop), a few at phone width, written to e2e/artifacts/ for review.
// The human check's own shots come from altcha-human-check.spec.ts (real widget on the default server).
const server = useOwnServer({ HUMAN_CHECK: "off", AUTH_RATE_LIMIT_SCALE: "100" });

const browser = useBrowser();
type Look = Required<Pick<NewPageOptions, "colorScheme" | "viewport">>;
const LOOKS: Look[] = [
  { colorScheme: "light", viewport: "desktop" },
  { colorScheme: "dark", viewport: "desktop" },
];
const PHONE: Look = { colorScheme: "dark", viewport: "phone" };

async function shoot(page: Page, dialog: Locator, name: string, look: Look) {
  await dialog.waitFor({ state: "visible" });
  // screenshot() waits for the fade-in (the dialog's animations) to finish.
  const path = await screenshot(page, `accounts-${name}-${look.colorScheme}-${look.viewport}.png`, {
    fullPage: false,
  });
  expect(path).toContain("accounts-");
}

describe("account modal screenshots (issue #3: every modal, light and dark)", () => {
  it.each([...LOOKS, PHONE])(
    "form modals, $colorScheme $viewport",
    async (look) => {
      const page = await browser.newPage({ ...look, baseUrl: server().baseUrl });
      const guest = await openGuestModal(page);
      await shoot(page, guest, "guest", look);
      // The same modal with every §5 message showing.
      await fillGuest(guest, { username: "a!", dob: birthDate(17), gender: "" });
      await guest.getByRole("button", { name: "Join Chat", exact: true }).click();
      await shoot(page, guest, "guest-errors", look);
      await page.keyboard.press("Escape");
      if (look.viewport === "phone") return;

      const signIn = await openFromTopBar(page, "Sign In");
      await shoot(page, signIn, "sign-in", look);
      await signIn.getByRole("button", { name: "Forgot password?" }).click();
      await shoot(page, page.getByRole("dialog", { name: "Forgot Password" }), "forgot-password", look);
      await page.keyboard.press("Escape");
      const signUp = await openFromTopBar(page, "Create Account");
      await shoot(page, signUp, "create-account", look);
      await page.keyboard.press("Escape");
      await gotoAndSettle(page, "/?resetToken=example-token");
      await shoot(page, page.getByRole("dialog", { name: "Reset Password" }), "reset-password", look);
    },
    120_000,
  );

  it.each([...LOOKS, PHONE])(
    "verification, upgrade and congratulations modals, $colorScheme $viewport",
    async (look) => {
      const page = await browser.newPage({ ...look, baseUrl: server().baseUrl });
      const identity = freshIdentity("shot");
      const guest = await openGuestModal(page);
      await fillGuest(guest, { username: identity.username, dob: birthDate(28), gender: "female" });
      await guest.getByRole("button", { name: "Join Chat", exact: true }).click();
      await page.waitForURL("**/group-chat", { timeout: 20_000 });
      await gotoAndSettle(page, "/");
      if (look.viewport === "phone") {
        await page.getByRole("button", { name: "Open menu" }).click();
      } else {
        await page.getByRole("button", { name: `Account menu for ${identity.username}` }).click();
        await screenshot(page, `accounts-account-menu-${look.colorScheme}-${look.viewport}.png`, {
          fullPage: false,
        });
      }
      await page.getByRole("button", { name: "Upgrade account" }).click();
      const complete = page.getByRole("dialog", { name: "Complete Your Account" });
      await shoot(page, complete, "complete-account", look);
      await fillSignUp(complete, { email: identity.email, password: "correct-horse-1" });
      await complete.getByRole("button", { name: "Complete Account" }).click();
      const verify = page.getByRole("dialog", { name: "Verify Your Email" });
      await verify.waitFor({ state: "visible", timeout: 20_000 });
      await shoot(page, verify, "verify-email", look);
      const mail = await latestMail(server().baseUrl, identity.email, /verif/i);
      await page.goto(onServer(mail.links.find((href) => href.includes("verify-email"))));
      const congratulations = page.getByRole("dialog", { name: "Congratulations" });
      await congratulations.waitFor({ state: "visible", timeout: 20_000 });
      // Mid-confetti, as people see it: canvas-confetti's canvas is on the page.
      await page.locator("body > canvas").waitFor({ state: "attached", timeout: 20_000 });
      await screenshot(page, `accounts-congratulations-${look.colorScheme}-${look.viewport}.png`, {
        fullPage: false,
      });
    },
    180_000,
  );
});

import {
  FALLBACK_ONLINE_COUNT,
  GROUP_CHAT_MESSAGES,
  GROUP_ERROR_MESSAGES,
  unbannedByMessage,
} from "@heartline/shared";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { birthDate, fillGuest, openGuestModal } from "../../support/accounts";
import { axeAudit } from "../../support/axe";
import { gotoAndSettle, screenshot, useBrowser } from "../../support/browser";
import {
  enterRoom,
  signIn,
  signInAsGuest,
  signUpVerified,
  step,
  useGroupChatServer,
  WAIT,
} from "../group-chat/group-chat-helpers";
import { ADULT_CONFIRMATION } from "../random-chat/chat-picker";
import { watchForEver } from "../social/live-watch";

const browser = useBrowser();

const ADMIN = {
  email: "lead@heartline.test",
  password: "moderator-pass-386",
  username: "mod_lead",
  gender: "male",
};
const MIA = {
  email: "mia38@heartline.test",
  password: "mia-pass-386",
  username: "mia_reg",
  gender: "female",
};
const server = useGroupChatServer(ADMIN.email);

/** An admin's ban or lookup by username, from the admin's page: the server's answer. */
async function adminBan(page: Page, username: string) {
  return page.evaluate(async (name) => {
    const response = await fetch("/api/admin/bans", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ username: name }),
    });
    return {
      status: response.status,
      body: (await response.json()) as { error?: { code: string; message: string } },
    };
  }, username);
}

/** Requests `page` has sent and not yet had answered (or failed), from the moment this is called. */
function requestsInFlight(page: Page): () => number {
  const open = new Set<unknown>();
  page.on("request", (request) => open.add(request));
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
  return () => open.size;
}

const toasts = (page: Page) => page.locator('[role="status"][aria-live="polite"]');

describe("what a new user trips over at home (issue #38)", () => {
  it("a banned browser is refused a new guest at once; the unban is one toast below the top bar", {
    timeout: 300_000,
  }, async () => {
    const baseUrl = server().baseUrl;
    const admin = await browser.newPage({ viewport: "desktop", colorScheme: "dark", baseUrl });
    const mia = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl });
    const audit = axeAudit();

    step("accounts; the admin bans Mia");
    await admin.goto("/");
    await signUpVerified(admin, server(), ADMIN);
    await mia.goto("/");
    await signUpVerified(mia, server(), MIA);
    await enterRoom(mia);
    expect((await adminBan(admin, MIA.username)).status).toBe(200);
    await mia.waitForURL((url) => url.pathname === "/", WAIT);

    step("Mia signs out and tries again as a guest from the same browser");
    await mia.getByRole("button", { name: `Account menu for ${MIA.username}` }).click();
    await mia.getByRole("button", { name: "Sign out", exact: true }).click();
    await mia
      .getByRole("button", { name: `Account menu for ${MIA.username}` })
      .waitFor({ state: "detached" });
    const dialog = await openGuestModal(mia);
    await fillGuest(dialog, { username: "mia_again", dob: birthDate(25), gender: "female" });
    await dialog.getByRole("button", { name: "Join Chat", exact: true }).click();
    await dialog.getByText(GROUP_CHAT_MESSAGES.banned).waitFor(WAIT);
    await screenshot(mia, "issue38-banned-guest-refused-desktop-light", { fullPage: false });
    await audit.checkBothThemes(mia, "guest modal with the ban refusal, desktop");
    expect(new URL(mia.url()).pathname).toBe("/");
    // Nothing was created: there is no account of that name to ban.
    const lookup = await adminBan(admin, "mia_again");
    expect(lookup.status).toBe(404);
    expect(lookup.body.error?.message).toBe(GROUP_ERROR_MESSAGES.userNotFound);

    step("Mia signs in again; the unban is one toast, below the top bar");
    await mia.keyboard.press("Escape");
    await signIn(mia, MIA.email, MIA.password);
    // Still banned: the room sends her home with the ban's toast, which the unban then replaces.
    await mia.goto("/group-chat");
    await mia.waitForURL((url) => url.pathname === "/", WAIT);
    await mia.getByText(GROUP_CHAT_MESSAGES.banned, { exact: true }).first().waitFor(WAIT);
    const banned = await admin.evaluate(async () => {
      const response = await fetch("/api/admin/bans", { credentials: "include" });
      return (await response.json()) as { bans: { userId: string; username: string }[] };
    });
    const miaBan = banned.bans.find((ban) => ban.username === MIA.username);
    expect(miaBan).toBeDefined();
    await admin.evaluate(async (userId) => {
      await fetch(`/api/admin/bans/by-id/${encodeURIComponent(userId)}`, {
        method: "DELETE",
        credentials: "include",
      });
    }, miaBan?.userId ?? "");
    const unbanned = mia.getByText(unbannedByMessage(ADMIN.username), { exact: true });
    await unbanned.waitFor(WAIT);
    await mia.getByRole("link", { name: "Join the group chat" }).waitFor(WAIT);
    expect(await toasts(mia).count()).toBe(1);
    // The toast slides in from above: its place is read once it has come to rest below the top bar.
    const isBelowTopBar = async () => {
      const header = await mia.getByRole("banner").boundingBox();
      const toastBox = await toasts(mia).first().boundingBox();
      return toastBox && header ? toastBox.y >= header.y + header.height : false;
    };
    await expect.poll(isBelowTopBar).toBe(true);
    await screenshot(mia, "issue38-unban-one-toast-desktop-light", { fullPage: false });
    audit.assertClean();
  });

  it("after signing out of the room: home without the guest dialog and a real count; /chat says what Start waits for; Settings says AI is unavailable", {
    timeout: 180_000,
  }, async () => {
    const baseUrl = server().baseUrl;
    const desktop = await browser.newPage({ viewport: "desktop", colorScheme: "dark", baseUrl });
    const page = await browser.newPage({ viewport: "phone", colorScheme: "dark", baseUrl });
    const audit = axeAudit();

    step("sign out from the room");
    const inFlight = requestsInFlight(desktop);
    await desktop.goto("/");
    await signInAsGuest(desktop, "sam_38", "other");
    await enterRoom(desktop);
    const dialogEverOpened = await watchForEver(desktop, '[role="dialog"], [role="alertdialog"]');
    await desktop.getByRole("button", { name: "Account menu for sam_38" }).click();
    await desktop.getByRole("button", { name: "Sign out", exact: true }).click();
    await desktop.waitForURL((url) => url.pathname === "/", WAIT);
    await desktop.getByRole("button", { name: "Join Chat Room", exact: true }).first().waitFor(WAIT);
    // Settled: no request open (the sign-out, the session, the count), the page's idle work run after it.
    await expect.poll(inFlight, WAIT).toBe(0);
    await desktop.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 5_000 })));
    await expect.poll(inFlight, WAIT).toBe(0);
    // Nobody but this visitor is online: spec §1 shows its fallback then, never "0 online".
    const pill = desktop.getByTestId("online-count").first();
    await expect.poll(() => pill.textContent(), WAIT).toBe(`${FALLBACK_ONLINE_COUNT} online`);
    expect(await desktop.getByRole("dialog").count()).toBe(0);
    expect(await dialogEverOpened()).toBe(false);
    await screenshot(desktop, "issue38-home-after-sign-out-desktop-dark", { fullPage: false });

    step("Start Chatting says what it waits for; the 18+ label checks its box");
    await gotoAndSettle(page, "/chat");
    const start = page.getByRole("button", { name: "Start Chatting" });
    expect(await start.isDisabled()).toBe(true);
    expect(await page.getByTestId("start-missing").textContent()).toBe(
      "Choose who you are under “I am” and confirm you are 18 or older to start.",
    );
    await page.getByRole("group", { name: "I am" }).getByText("Female", { exact: true }).click();
    expect(await page.getByTestId("start-missing").textContent()).toBe(
      "Confirm you are 18 or older to start.",
    );
    // A tap on the label's end, where "Guidelines" used to be, ticks the box and stays here.
    const label = page.locator("label[for=adult-confirmation]");
    // Below "Languages I speak" on a phone: a tap lands only on what the screen shows.
    await label.scrollIntoViewIfNeeded();
    const box = await label.boundingBox();
    if (!box) throw new Error("no 18+ label");
    await page.touchscreen.tap(box.x + box.width - 20, box.y + box.height / 2);
    await expect.poll(() => page.getByRole("checkbox", { name: ADULT_CONFIRMATION }).isChecked()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/chat");
    // The box is ticked in the DOM at once; the picker's state (and so the button) follows on React's render.
    await expect.poll(() => page.getByTestId("start-missing").count()).toBe(0);
    await expect.poll(() => start.isDisabled()).toBe(false);
    for (const link of ["Terms", "Guidelines"]) {
      const target = await page
        .getByTestId("adult-confirmation")
        .getByRole("link", { name: link })
        .boundingBox();
      expect(target?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await screenshot(page, "issue38-chat-picker-phone-dark", { fullPage: false });
    await audit.checkBothThemes(page, "chat picker, phone");

    step("Settings: the AI switch is off and unavailable");
    await gotoAndSettle(page, "/settings");
    const aiSwitch = page.getByRole("switch", { name: /AI companion/ });
    await page.getByTestId("ai-server-status").getByText("not configured on this server").waitFor(WAIT);
    expect(await aiSwitch.isDisabled()).toBe(true);
    expect(await aiSwitch.getAttribute("aria-checked")).toBe("false");
    await page.getByText("Unavailable: this server has no AI companion configured.").waitFor(WAIT);
    await screenshot(page, "issue38-settings-ai-unavailable-phone-dark", { fullPage: false });
    await audit.checkBothThemes(page, "settings, phone");
    audit.assertClean();
  });
});

import { bannedByMessage, GROUP_CHAT_MESSAGES, mutedMessage, unbannedByMessage } from "@heartline/shared";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, useBrowser } from "../../support/browser";
import {
  enterRoom,
  sendMessage,
  signIn,
  signInAsGuest,
  signOut,
  signUpVerified,
  step,
  useGroupChatServer,
  WAIT,
} from "./group-chat-helpers";

const browser = useBrowser();

const ADMIN = {
  email: "mod.ana@heartline.test",
  password: "moderator-pass-1",
  username: "mod_ana",
  gender: "female",
};
const LENA = {
  email: "lena@heartline.test",
  password: "lena-pass-12",
  username: "lena_reg",
  gender: "female",
};
const server = useGroupChatServer(ADMIN.email);

/** The page is back on the home page and shows exactly this toast. */
async function expectSentHome(page: Page, toastText: string) {
  await page.waitForURL((url) => url.pathname === "/", WAIT);
  await page.getByText(toastText, { exact: true }).first().waitFor(WAIT);
}

describe("group chat moderation (issue 5)", () => {
  it("an admin mutes one user and bans another, who cannot get back in; the unban brings the join link", {
    timeout: 300_000,
  }, async () => {
    const baseUrl = server().baseUrl;
    const admin = await browser.newPage({ viewport: "desktop", colorScheme: "dark", baseUrl });
    const lena = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl });
    const tom = await browser.newPage({ viewport: "phone", colorScheme: "dark", baseUrl });

    step("accounts");
    await admin.goto("/");
    await signUpVerified(admin, server(), ADMIN);
    await lena.goto("/");
    await signUpVerified(lena, server(), LENA);
    await tom.goto("/");
    await signInAsGuest(tom, "tom_guest", "male");
    for (const page of [admin, lena, tom]) await enterRoom(page);
    await sendMessage(tom, "tom was here");
    await sendMessage(lena, "lena says hi");
    await admin.getByRole("log", { name: "Group messages" }).getByText("lena says hi").waitFor(WAIT);

    step("report from the room");
    const lenaMessage = tom.getByTestId("group-message").filter({ hasText: "lena says hi" });
    await lenaMessage.getByRole("button", { name: "Report message from lena_reg" }).click();
    const reportDialog = tom.getByRole("dialog", { name: "Report this message" });
    await reportDialog.getByText("Harassment or bullying").click();
    await reportDialog.getByLabel("Details").fill("Keeps messaging me after I said stop.");
    await screenshot(tom, "group-chat-report-modal-phone-dark");
    await reportDialog.getByRole("button", { name: "Send report" }).click();
    await tom.getByText("Report sent. Thank you for keeping Heartline safe.").waitFor(WAIT);

    step("admin area");
    await admin.getByRole("link", { name: "Admin" }).first().click();
    await admin.getByRole("heading", { level: 1, name: "Admin" }).waitFor(WAIT);
    await admin.getByTestId("report").filter({ hasText: "lena_reg" }).waitFor(WAIT);
    await screenshot(admin, "group-chat-admin-desktop-dark", { fullPage: true });

    step("mute");
    const muteForm = admin.getByRole("form", { name: "Mute a user" });
    await muteForm.getByLabel("Username").fill("TOM_GUEST");
    await muteForm.getByLabel(/Reason/).fill("Flooding the room");
    await muteForm.getByRole("button", { name: "Mute" }).click();
    await tom.getByTestId("muted-notice").getByText(mutedMessage("Flooding the room")).waitFor(WAIT);
    expect(await tom.getByRole("textbox", { name: "Message the group" }).count()).toBe(0);

    step("ban");
    const banForm = admin.getByRole("form", { name: "Ban a user" });
    await banForm.getByLabel("Username").fill("lena_reg");
    await banForm.getByRole("button", { name: "Ban" }).click();
    await expectSentHome(lena, bannedByMessage(ADMIN.username));
    await admin.getByRole("button", { name: "Unban lena_reg" }).waitFor(WAIT);

    step("no way back: reload, Ctrl+Shift+U, a new guest");
    await lena.goto("/group-chat");
    await expectSentHome(lena, GROUP_CHAT_MESSAGES.banned);
    await lena.keyboard.press("Control+Shift+U");
    await lena.getByText(GROUP_CHAT_MESSAGES.emergencyUnban, { exact: true }).waitFor(WAIT);
    await lena.goto("/group-chat");
    await expectSentHome(lena, GROUP_CHAT_MESSAGES.banned);
    await signOut(lena);
    // Issue #38: the banned browser is refused a new guest account at once, with the ban's text.
    await expect(signInAsGuest(lena, "lena_again", "female")).rejects.toThrow(
      `403: {"error":{"code":"forbidden","message":"${GROUP_CHAT_MESSAGES.banned}"}}`,
    );
    await signOut(lena);
    await signIn(lena, LENA.email, LENA.password);
    await lena.goto("/group-chat");
    await expectSentHome(lena, GROUP_CHAT_MESSAGES.banned);

    step("unban");
    await admin.getByRole("button", { name: "Unban lena_reg" }).click();
    await admin.getByText("lena_reg has been unbanned", { exact: true }).waitFor(WAIT);
    await lena.getByText(unbannedByMessage(ADMIN.username), { exact: true }).waitFor(WAIT);
    const join = lena.getByRole("link", { name: "Join the group chat" });
    await join.waitFor(WAIT);
    await screenshot(lena, "group-chat-unbanned-home-desktop-light");
    await join.click();
    await lena.getByRole("heading", { level: 1, name: "Group chat" }).waitFor(WAIT);

    step("screenshots");
    await admin.emulateMedia({ colorScheme: "light" });
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, "group-chat-admin-phone-light", { fullPage: true });
  });

  it("a signed-in non-admin sees the refusal page at /group-chat/admin", { timeout: 120_000 }, async () => {
    const page = await browser.newPage({
      viewport: "phone",
      colorScheme: "light",
      baseUrl: server().baseUrl,
    });
    await page.goto("/");
    await signInAsGuest(page, "curious_cat", "other");
    await page.goto("/group-chat/admin");
    await page.getByRole("heading", { level: 1, name: "Admins only" }).waitFor(WAIT);
    expect(await page.getByRole("form", { name: "Ban a user" }).count()).toBe(0);
  });
});

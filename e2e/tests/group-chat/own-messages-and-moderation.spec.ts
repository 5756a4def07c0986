import { GROUP_CHAT_MESSAGES, mutedMessage } from "@heartline/shared";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeAudit } from "../../support/axe";
import { screenshot, useBrowser } from "../../support/browser";
import {
  enterRoom,
  roomLog,
  sendMessage,
  signInAsGuest,
  signUpVerified,
  step,
  useGroupChatServer,
  WAIT,
} from "./group-chat-helpers";

const browser = useBrowser();

const ADMIN = {
  email: "iris@heartline.test",
  password: "moderator-pass-38",
  username: "mod_iris",
  gender: "female",
};
const ROSA = {
  email: "rosa38@heartline.test",
  password: "rosa-pass-38",
  username: "rosa_reg",
  gender: "female",
};
const server = useGroupChatServer(ADMIN.email);

const messageFrom = (page: Page, text: string) =>
  roomLog(page).getByTestId("group-message").filter({ hasText: text });

/** The people list's row of `username` (the desktop side panel). */
const personRow = (page: Page, username: string) =>
  page.getByTestId("online-users").getByRole("listitem").filter({ hasText: username });

describe("own group messages and moderation, as a new user meets them (issue #38)", () => {
  it("the sender sees the masked text, deletes their own message after confirming, and names keep their colour offline", {
    timeout: 240_000,
  }, async () => {
    const baseUrl = server().baseUrl;
    const rosa = await browser.newPage({ viewport: "phone", colorScheme: "dark", baseUrl });
    const tom = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl });
    const audit = axeAudit();

    step("accounts");
    await rosa.goto("/");
    await signUpVerified(rosa, server(), ROSA);
    await tom.goto("/");
    await signInAsGuest(tom, "tom_38", "male");
    for (const page of [rosa, tom]) await enterRoom(page);

    step("profanity is masked for the sender too");
    await sendMessage(rosa, "what the fuck is this room");
    await messageFrom(tom, "what the **** is this room").waitFor(WAIT);
    const own = messageFrom(rosa, "what the **** is this room");
    await own.and(rosa.locator('[data-status="sent"]')).waitFor(WAIT);
    expect(await roomLog(rosa).getByText("fuck").count()).toBe(0);

    step("delete one's own message, after confirming");
    await sendMessage(rosa, "oops, wrong room");
    await messageFrom(tom, "oops, wrong room").waitFor(WAIT);
    // Tom sees no delete button on Rosa's messages; Rosa sees one on her own.
    expect(await tom.getByRole("button", { name: /^Delete/ }).count()).toBe(0);
    const oops = messageFrom(rosa, "oops, wrong room");
    await oops.getByRole("button", { name: "Delete your message for everyone" }).click();
    const confirm = rosa.getByRole("alertdialog", { name: "Delete this message?" });
    await confirm.waitFor(WAIT);
    await screenshot(rosa, "issue38-delete-own-confirm-phone-dark", { fullPage: false });
    await audit.checkBothThemes(rosa, "delete-own confirmation, phone");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ ...WAIT, state: "hidden" });
    expect(await oops.count()).toBe(1);
    await oops.getByRole("button", { name: "Delete your message for everyone" }).click();
    await confirm.getByRole("button", { name: "Delete for everyone" }).click();
    await rosa.getByText("Message deleted for everyone").waitFor(WAIT);
    await expect.poll(() => messageFrom(tom, "oops, wrong room").count(), WAIT).toBe(0);
    await expect.poll(() => oops.count(), WAIT).toBe(0);

    step("a newcomer sees Rosa's name in her colour while she is offline");
    await rosa.close();
    await expect.poll(() => personRow(tom, ROSA.username).count(), WAIT).toBe(0);
    const uma = await browser.newPage({ viewport: "desktop", colorScheme: "dark", baseUrl });
    await uma.goto("/");
    await signInAsGuest(uma, "uma_38", "other");
    await enterRoom(uma);
    const rosaName = messageFrom(uma, "what the **** is this room").getByTestId("message-sender");
    await rosaName.waitFor(WAIT);
    expect(await rosaName.getAttribute("data-gender-colour")).toBe("pink");
    expect(await personRow(uma, ROSA.username).count()).toBe(0);
    await screenshot(uma, "issue38-offline-author-colour-desktop-dark", { fullPage: false });
    await audit.checkBothThemes(uma, "room with an offline author, desktop");
    audit.assertClean();
  });

  it("only admins see who is muted; the muted user is told when the mute is lifted", {
    timeout: 300_000,
  }, async () => {
    const baseUrl = server().baseUrl;
    const admin = await browser.newPage({ viewport: "desktop", colorScheme: "dark", baseUrl });
    const ben = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl });
    const cara = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl });

    step("accounts");
    await admin.goto("/");
    await signUpVerified(admin, server(), ADMIN);
    await ben.goto("/");
    await signInAsGuest(ben, "ben_38", "male");
    await cara.goto("/");
    await signInAsGuest(cara, "cara_38", "female");
    for (const page of [admin, ben, cara]) await enterRoom(page);

    step("the admin mutes Ben");
    await admin.getByRole("link", { name: "Admin" }).first().click();
    const muteForm = admin.getByRole("form", { name: "Mute a user" });
    await muteForm.getByLabel("Username").fill("ben_38");
    await muteForm.getByLabel(/Reason/).fill("Flooding");
    await muteForm.getByRole("button", { name: "Mute" }).click();
    await ben.getByTestId("muted-notice").getByText(mutedMessage("Flooding")).waitFor(WAIT);
    // Ben sees his own mute; Cara does not see Ben's (only admins do, as in Discord).
    await personRow(ben, "ben_38")
      .getByText(/· muted/)
      .waitFor(WAIT);
    await personRow(cara, "ben_38").waitFor(WAIT);
    expect(await personRow(cara, "ben_38").getByText(/muted/).count()).toBe(0);
    await admin.goBack();
    await personRow(admin, "ben_38")
      .getByText(/· muted/)
      .waitFor(WAIT);

    step("the admin lifts it: Ben is told, once");
    await admin.getByRole("link", { name: "Admin" }).first().click();
    await admin.getByRole("button", { name: "Unmute ben_38" }).click();
    await ben.getByText(GROUP_CHAT_MESSAGES.muteEnded, { exact: true }).waitFor(WAIT);
    await ben.getByRole("textbox", { name: "Message the group" }).waitFor(WAIT);
    expect(await ben.getByText(GROUP_CHAT_MESSAGES.muteEnded, { exact: true }).count()).toBe(1);
    await screenshot(ben, "issue38-unmuted-toast-desktop-light", { fullPage: false });
  });
});

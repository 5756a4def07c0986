import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeAudit } from "../../support/axe";
import { gotoAndSettle, useBrowser } from "../../support/browser";
import {
  enterRoom,
  roomLog,
  sendMessage,
  signInAsGuest,
  useGroupChatServer,
  WAIT,
} from "../group-chat/group-chat-helpers";
import { befriendViaApi, registerViaApi, sendDmViaApi, signInPage } from "../social/streak-api";

// axe-core's WCAG 2.2 A/AA rules (issue #14) over the signed-in side: the group room as a registered
// admin (desktop) and as a guest (phone), with its dialogs open, and every page behind it, each in
// both themes.
const browser = useBrowser();
const ADMIN = { username: "ana_a11y", email: "ana.a11y@heartline.test", gender: "female" };
const FRIEND = { username: "ben_a11y", email: "ben.a11y@heartline.test", gender: "male" };
const GUEST = "kai_a11y_guest";
const server = useGroupChatServer(ADMIN.email);
// An open dialog is checked on its own: the room behind it was checked just before.
const DIALOG = { within: '[role="dialog"]' };

async function openCard(page: Page, opener: () => Promise<unknown>, username: string) {
  await opener();
  await page
    .getByRole("dialog", { name: `${username}'s profile` })
    .getByTestId("profile-card")
    .waitFor(WAIT);
}

describe("accessibility: axe-core WCAG 2.2 A/AA, the group room and the pages behind it (issue #14)", () => {
  it("room, people list, profile cards, emoji picker, confession wall, dashboard, friends, messages and admin", {
    timeout: 150_000,
  }, async () => {
    const baseUrl = server().baseUrl;
    const audit = axeAudit();
    const admin = await registerViaApi(baseUrl, ADMIN);
    const friend = await registerViaApi(baseUrl, FRIEND);
    await befriendViaApi(baseUrl, admin, friend);
    await sendDmViaApi(baseUrl, friend, admin, "Hi Ana, see you in the room later?");

    const desk = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl });
    await signInPage(desk, baseUrl, admin);
    const phone = await browser.newPage({ viewport: "phone", colorScheme: "dark", baseUrl });
    await phone.goto("/");
    await signInAsGuest(phone, GUEST, "male");
    await enterRoom(desk);
    await enterRoom(phone);
    await sendMessage(phone, "hello from a guest");
    await sendMessage(desk, "welcome, kai");
    await roomLog(phone).getByText("welcome, kai").waitFor(WAIT);
    await roomLog(desk).getByText("hello from a guest").waitFor(WAIT);
    await audit.checkBothThemes(desk, "group room, registered admin, desktop");
    await audit.checkBothThemes(phone, "group room, guest, phone");

    // A name in the room opens the profile card (a popover on desktop).
    await openCard(
      desk,
      () =>
        roomLog(desk)
          .getByRole("button", { name: new RegExp(`^${GUEST}.*view profile$`) })
          .first()
          .click(),
      GUEST,
    );
    await audit.checkBothThemes(desk, "profile card, desktop", DIALOG);
    await desk.keyboard.press("Escape");

    await desk.getByRole("button", { name: "Add an emoji" }).click();
    await desk.getByTestId("emoji-picker").getByRole("textbox").waitFor(WAIT);
    await audit.checkBothThemes(desk, "emoji picker, desktop", { within: '[data-testid="emoji-picker"]' });
    await desk.keyboard.press("Escape");

    // On the phone: the people list (a sheet) and a card opened from it.
    await phone.getByRole("button", { name: /^People/ }).click();
    const people = phone.getByRole("dialog", { name: "People in the room" });
    await people.getByText(ADMIN.username).waitFor(WAIT);
    await audit.checkBothThemes(phone, "people list, phone", DIALOG);
    await openCard(
      phone,
      () =>
        people
          .getByRole("listitem")
          .filter({ hasText: ADMIN.username })
          .getByRole("button", { name: new RegExp(`^(?!Report).*${ADMIN.username}`) })
          .click(),
      ADMIN.username,
    );
    await audit.checkBothThemes(phone, "profile card, phone", DIALOG);
    await phone.keyboard.press("Escape");

    // A confession on the wall, so its card is checked too.
    await gotoAndSettle(phone, "/group-chat/confession-wall");
    await phone.getByRole("textbox", { name: "Your confession" }).fill("I still sleep with the lights on.");
    await phone.getByRole("button", { name: "Post", exact: true }).click();
    await phone.getByTestId("confession").first().waitFor(WAIT);
    await audit.checkBothThemes(phone, "confession wall, guest, phone");
    await gotoAndSettle(phone, "/group-chat/dashboard");
    await audit.checkBothThemes(phone, "dashboard, guest, phone");

    for (const path of [
      "/group-chat/confession-wall",
      "/group-chat/dashboard",
      "/group-chat/friends",
      "/group-chat/dm",
      "/group-chat/admin",
    ]) {
      await gotoAndSettle(desk, path);
      await audit.checkBothThemes(desk, `${path}, registered admin, desktop`);
    }
    await gotoAndSettle(desk, "/group-chat/dm");
    await desk.getByTestId("conversation-row").filter({ hasText: FRIEND.username }).getByRole("link").click();
    await desk
      .getByRole("log", { name: `Messages with ${FRIEND.username}` })
      .getByText("see you in the room")
      .waitFor(WAIT);
    await audit.checkBothThemes(desk, "direct message thread, desktop");

    audit.assertClean();
    expect(audit.checked.length).toBe(28);
  });
});

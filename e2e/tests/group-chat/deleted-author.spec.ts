import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { birthDate, expectFieldMessage, fillSignUp, openFromTopBar } from "../../support/accounts";
import { axeAudit, setColorScheme } from "../../support/axe";
import { gotoAndSettle, screenshot, useBrowser } from "../../support/browser";
import { type Person, registerAndEnter, step } from "../social/social-helpers";
import {
  enterRoom,
  roomLog,
  sendMessage,
  signInAsGuest,
  useGroupChatServer,
  WAIT,
} from "./group-chat-helpers";

const browser = useBrowser();
const server = useGroupChatServer("admin@heartline.test");

const LEAVER: Person = { username: "Leaving_Lou", email: "lou@heartline.test", gender: "female" };
const STAYER: Person = { username: "staying_sam", email: "sam@heartline.test", gender: "male" };
const OLD_LINE = "Bye for now, it was lovely talking here";
const TAKEN = "This username is already taken. Please choose another one.";

/** The sender name shown on the room message that says `text`. */
const senderOf = (page: Page, text: string) =>
  roomLog(page).getByTestId("group-message").filter({ hasText: text }).getByTestId("message-sender");
/** How often the page itself (not a toast) still names `name`, in any case. */
const namedInMain = (page: Page, name: string) =>
  page.locator("main").getByText(new RegExp(name, "i")).count();

async function expectDeletedAuthor(page: Page): Promise<void> {
  await expect.poll(() => senderOf(page, OLD_LINE).textContent(), WAIT).toBe("Deleted User");
  await expect.poll(() => namedInMain(page, LEAVER.username), WAIT).toBe(0);
}

/**
 * Issue #38: a registered user writes in the group room and deletes the account. The people in the
 * room see 'Deleted User' on the old message at once and after a reload, never the old name, and a
 * newcomer cannot take the name (it is held 30 days) and look like them.
 */
describe("a deleted author in the group room (issue #38)", () => {
  it("the old message reads 'Deleted User' at once and after a reload; the name is refused at sign-up", {
    timeout: 300_000,
  }, async () => {
    const axe = axeAudit();
    const leaver = await browser.newPage({
      viewport: "desktop",
      colorScheme: "dark",
      baseUrl: server().baseUrl,
    });
    const stayer = await browser.newPage({
      viewport: "desktop",
      colorScheme: "light",
      baseUrl: server().baseUrl,
    });
    const phone = await browser.newPage({
      viewport: "phone",
      colorScheme: "dark",
      baseUrl: server().baseUrl,
    });

    step("a registered user writes in the room; a member and a guest on a phone see it under their name");
    await registerAndEnter(leaver, server(), LEAVER);
    await registerAndEnter(stayer, server(), STAYER);
    await phone.goto("/");
    await signInAsGuest(phone, "phone_guest");
    await enterRoom(phone);
    await sendMessage(leaver, OLD_LINE);
    for (const page of [stayer, phone]) {
      await expect.poll(() => senderOf(page, OLD_LINE).textContent(), WAIT).toBe(LEAVER.username);
    }

    step("the author deletes the account; both see 'Deleted User' at once, without a reload");
    await gotoAndSettle(leaver, "/settings");
    await leaver.getByRole("button", { name: "Delete account…" }).click();
    const dialog = leaver.getByRole("alertdialog", { name: "Delete your account?" });
    await dialog.getByLabel(`Type ${LEAVER.username} to confirm`).fill(LEAVER.username);
    await dialog.getByRole("button", { name: "Delete account", exact: true }).click();
    await leaver.getByText("Your account has been deleted.").waitFor(WAIT);
    await expectDeletedAuthor(stayer);
    await expectDeletedAuthor(phone);
    await screenshot(stayer, "deleted-author-live-desktop-light");
    await screenshot(phone, "deleted-author-live-phone-dark");
    await axe.checkBothThemes(stayer, "room with a deleted author, desktop");

    step("after a reload the old message still reads 'Deleted User'");
    await stayer.reload();
    await stayer.getByRole("heading", { level: 1, name: "Group chat" }).waitFor(WAIT);
    await expectDeletedAuthor(stayer);
    await setColorScheme(stayer, "dark");
    await screenshot(stayer, "deleted-author-reload-desktop-dark");
    await phone.reload();
    await phone.getByRole("heading", { level: 1, name: "Group chat" }).waitFor(WAIT);
    await expectDeletedAuthor(phone);
    await setColorScheme(phone, "light");
    await screenshot(phone, "deleted-author-reload-phone-light");
    await axe.checkBothThemes(phone, "room with a deleted author after a reload, phone");

    step("a newcomer trying the old name at sign-up is told it is taken");
    const newcomer = await browser.newPage({
      viewport: "desktop",
      colorScheme: "light",
      baseUrl: server().baseUrl,
    });
    await gotoAndSettle(newcomer, "/");
    const signUp = await openFromTopBar(newcomer, "Create Account");
    await fillSignUp(signUp, {
      username: LEAVER.username.toLowerCase(),
      email: "newcomer@heartline.test",
      password: "correct-horse-1",
      dob: birthDate(30),
      gender: "female",
    });
    await signUp.getByRole("button", { name: "Create Account", exact: true }).click();
    await expectFieldMessage(signUp, "Username", TAKEN);
    await screenshot(newcomer, "deleted-author-name-taken-desktop-light", { fullPage: false });
    axe.assertClean();
  });
});

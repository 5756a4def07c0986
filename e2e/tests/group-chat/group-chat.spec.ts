import { describe, expect, it } from "vitest";
import { screenshot, useBrowser } from "../../support/browser";
import {
  enterRoom,
  gradientPng,
  roomLog,
  sendMessage,
  signInAsGuest,
  signUpVerified,
  step,
  useGroupChatServer,
  WAIT,
} from "./group-chat-helpers";

const browser = useBrowser();

const ADMIN_EMAIL = "admin@heartline.test";
const server = useGroupChatServer(ADMIN_EMAIL);

describe("group chat (issue 5)", () => {
  it("messages with a reply and an emoji reach everyone; a registered user posts an image and a guest cannot", {
    timeout: 240_000,
  }, async () => {
    const baseUrl = server().baseUrl;
    const reg = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl });
    const guest = await browser.newPage({ viewport: "desktop", colorScheme: "dark", baseUrl });
    const phone = await browser.newPage({ viewport: "phone", colorScheme: "light", baseUrl });

    step("sign up");
    await reg.goto("/");
    await signUpVerified(reg, server(), {
      email: "rosa@heartline.test",
      password: "correct-horse-1",
      username: "rosa_reg",
      gender: "female",
    });
    await guest.goto("/");
    await signInAsGuest(guest, "sam_guest", "male");
    await phone.goto("/");
    await signInAsGuest(phone, "kai_phone", "other");

    step("enter");
    for (const page of [reg, guest, phone]) await enterRoom(page);
    step("entered");
    await reg.getByTestId("group-online-count").getByText("3 online").waitFor(WAIT);

    step("emoji");
    // A guest writes with an emoji from the picker.
    const box = guest.getByRole("textbox", { name: "Message the group" });
    await box.fill("Hello room ");
    await guest.getByRole("button", { name: "Add an emoji" }).click();
    const picker = guest.getByTestId("emoji-picker");
    await picker.getByRole("textbox").fill("waving");
    await picker
      .getByRole("gridcell", { name: /waving hand/i })
      .first()
      .click();
    // One Escape closes the picker, even with a search typed and an emoji highlighted.
    await guest.keyboard.press("Escape");
    await picker.waitFor({ state: "detached", ...WAIT });
    // issue #14: the emoji goes in at the caret with a space after it (sending trims it).
    expect(await box.inputValue()).toBe("Hello room 👋 ");
    await box.press("Enter");
    for (const page of [reg, guest, phone]) await roomLog(page).getByText("Hello room 👋").waitFor(WAIT);
    await guest.getByText("Sending…").waitFor({ state: "detached", ...WAIT });

    step("reply");
    // The phone user replies to it: everyone sees the quote.
    const original = roomLog(phone).getByTestId("group-message").filter({ hasText: "Hello room 👋" });
    await original.getByRole("button", { name: "Reply to sam_guest" }).click();
    await phone.getByTestId("reply-preview").getByText("Replying to sam_guest").waitFor(WAIT);
    await sendMessage(phone, "Hi Sam, welcome!");
    for (const page of [reg, guest, phone]) {
      const reply = roomLog(page).getByTestId("group-message").filter({ hasText: "Hi Sam, welcome!" });
      await reply.waitFor(WAIT);
      expect(await reply.getByTestId("reply-quote").textContent()).toContain("Hello room 👋");
    }

    // Typing shows for the others.
    await reg.getByRole("textbox", { name: "Message the group" }).pressSequentially("typing", { delay: 30 });
    await guest.getByTestId("typing-indicator").getByText("rosa_reg is typing…").waitFor(WAIT);

    step("image");
    // A guest cannot attach images; the registered user can, and everyone sees the picture.
    expect(await guest.getByRole("button", { name: /^Attach an image/ }).isDisabled()).toBe(true);
    await reg.getByRole("textbox", { name: "Message the group" }).fill("");
    await reg
      .locator('input[type="file"]')
      .setInputFiles({ name: "red.png", mimeType: "image/png", buffer: gradientPng() });
    // issue #14: a picked picture waits in a preview (optional caption) until it is sent.
    await reg.getByTestId("staged-image").waitFor(WAIT);
    await reg.getByRole("textbox", { name: "Message the group" }).press("Enter");
    for (const page of [reg, guest, phone]) {
      await roomLog(page).getByRole("img", { name: "Shared image" }).waitFor(WAIT);
    }

    await screenshot(reg, "group-chat-room-desktop-light");
    await screenshot(guest, "group-chat-room-desktop-dark");
    await screenshot(phone, "group-chat-room-phone-light");
    await phone.getByRole("button", { name: /^People/ }).click();
    await phone.getByRole("dialog", { name: "People in the room" }).getByText("rosa_reg").waitFor(WAIT);
    await screenshot(phone, "group-chat-people-phone-light");
    await phone.keyboard.press("Escape");

    step("report");
    // The report modal from a message.
    const fromReg = roomLog(guest).getByTestId("group-message").filter({ hasText: "rosa_reg" }).first();
    await fromReg.hover();
    await fromReg.getByRole("button", { name: "Report message from rosa_reg" }).click();
    const dialog = guest.getByRole("dialog", { name: "Report this message" });
    await dialog.waitFor(WAIT);
    await screenshot(guest, "group-chat-report-modal-desktop-dark");
    await dialog.getByText("Spam or advertising").click();
    await dialog.getByRole("button", { name: "Send report" }).click();
    await guest.getByText("Report sent. Thank you for keeping Heartline safe.").waitFor(WAIT);
  });
});

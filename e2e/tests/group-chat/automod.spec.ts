import { AUTOMOD_MESSAGES, automodBlockedMessage } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { screenshot, useBrowser } from "../../support/browser";
import {
  enterRoom,
  roomLog,
  sendMessage,
  signUpVerified,
  step,
  useGroupChatServer,
  WAIT,
} from "./group-chat-helpers";

const browser = useBrowser();

const ADMIN = {
  email: "kim@heartline.test",
  password: "moderator-pass-2",
  username: "mod_kim",
  gender: "female",
};
const OWEN = {
  email: "owen@heartline.test",
  password: "owen-pass-123",
  username: "owen_reg",
  gender: "male",
};
const server = useGroupChatServer(ADMIN.email);
/** The built-in slur rule (issue #15); the text is obfuscated as people do. */
const SLURS = "Slurs (built-in)";

describe("AutoMod in the group room (issue #15)", () => {
  it("a blocked word names its rule to the sender only, who asks for a review that reaches the admin queue", {
    timeout: 240_000,
  }, async () => {
    const baseUrl = server().baseUrl;
    const admin = await browser.newPage({ viewport: "desktop", colorScheme: "dark", baseUrl });
    const owen = await browser.newPage({ viewport: "phone", colorScheme: "light", baseUrl });

    step("accounts");
    await admin.goto("/");
    await signUpVerified(admin, server(), ADMIN);
    await owen.goto("/");
    await signUpVerified(owen, server(), OWEN);
    for (const page of [admin, owen]) await enterRoom(page);

    step("the blocked message says which rule fired, offers a review and no Retry");
    await sendMessage(owen, "you r3tard");
    const failed = roomLog(owen).getByRole("listitem").filter({ hasText: "you r3tard" });
    await failed.getByText(automodBlockedMessage(SLURS)).waitFor(WAIT);
    expect(await failed.getByRole("button", { name: "Retry" }).count()).toBe(0);
    await sendMessage(owen, "sorry, hello everyone");
    await roomLog(admin).getByText("sorry, hello everyone").waitFor(WAIT);
    expect(await roomLog(admin).getByText("you r3tard").count()).toBe(0);
    await screenshot(owen, "automod-blocked-phone-light", { fullPage: false });

    step("a review, once");
    await failed.getByRole("button", { name: "Ask for review" }).click();
    await failed.getByRole("status").getByText(AUTOMOD_MESSAGES.reviewRequested).waitFor(WAIT);

    step("the admin queue shows it with the rule");
    await admin.getByRole("link", { name: "Admin" }).first().click();
    await admin.getByRole("heading", { level: 1, name: "Admin" }).waitFor(WAIT);
    const report = admin.getByTestId("report").filter({ hasText: OWEN.username });
    await report.waitFor(WAIT);
    expect(await report.textContent()).toContain(SLURS);
    expect(await report.textContent()).toContain("Review asked for an AutoMod block");
    await screenshot(admin, "automod-review-admin-desktop-dark", { fullPage: true });
  });
});

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeAudit } from "../../support/axe";
import { screenshot, useBrowser } from "../../support/browser";
import { ADULT_CONFIRMATION, pickChoices } from "../random-chat/chat-picker";
import { signUpVerified, step, useGroupChatServer, WAIT } from "./group-chat-helpers";

const browser = useBrowser();

const ADMIN = {
  email: "noor@heartline.test",
  password: "moderator-pass-385",
  username: "mod_noor",
  gender: "female",
};
const server = useGroupChatServer(ADMIN.email);

async function startRandomChat(page: Page, gender: string, preference: string) {
  await pickChoices(page, gender, preference);
  await page.getByRole("checkbox", { name: ADULT_CONFIRMATION }).check();
  await page.getByRole("button", { name: "Start Chatting" }).click();
}

describe("the admin area says who a report is about and asks before removing a rule (issue #38)", () => {
  it("a random-chat visitor's report names the visitors and what Ban acts on; removing a rule asks first", {
    timeout: 240_000,
  }, async () => {
    const baseUrl = server().baseUrl;
    const a = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl });
    const b = await browser.newPage({ viewport: "phone", colorScheme: "dark", baseUrl });
    const admin = await browser.newPage({ viewport: "desktop", colorScheme: "dark", baseUrl });
    const audit = axeAudit();

    step("two visitors chat; A reports B");
    await startRandomChat(a, "Male", "Women");
    await startRandomChat(b, "Female", "Men");
    await a.getByTestId("partner-gender").waitFor(WAIT);
    // On the phone "Stranger" is whole beside the gender (it used to read "Stran…").
    const label = b.getByTestId("partner-label");
    await label.waitFor(WAIT);
    expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await screenshot(b, "issue38-random-chat-header-phone-dark", { fullPage: false });
    await b.getByRole("textbox", { name: "Message" }).fill("send me money now");
    await b.getByRole("textbox", { name: "Message" }).press("Enter");
    await a.getByRole("log", { name: "Messages" }).getByText("send me money now").waitFor(WAIT);
    await a.getByRole("button", { name: "Report partner" }).click();
    const report = a.getByRole("dialog", { name: "Report this user" });
    await report.getByText("Spam or advertising").click();
    await report.getByRole("button", { name: "Send report" }).click();
    await a.getByText("Report sent. Thank you for keeping Heartline safe.").waitFor(WAIT);

    step("the admin queue names them");
    await admin.goto("/");
    await signUpVerified(admin, server(), ADMIN);
    await admin.goto("/group-chat/admin");
    const row = admin.getByTestId("report").filter({ hasText: "random-chat" });
    await row.waitFor(WAIT);
    const text = (await row.textContent()) ?? "";
    expect(text).not.toContain("Unknown User");
    expect(text).toMatch(/^Visitor …\w{8}/);
    expect(text).toMatch(/reported by Visitor …\w{8}/);
    await row
      .getByTestId("report-scope")
      .getByText(/random-chat visitor without an account/)
      .waitFor(WAIT);
    // Nothing to ban: the buttons that would fail are not offered.
    expect(await row.getByRole("button", { name: /^Ban / }).count()).toBe(0);
    await row.getByText(/^Snapshot/).click();
    await row.getByText("send me money now").waitFor(WAIT);
    expect(await row.getByText(/· reported/).count()).toBe(1);
    await screenshot(admin, "issue38-random-chat-report-desktop-dark");
    await audit.checkBothThemes(admin, "admin queue with a random-chat report");

    step("removing an AutoMod rule asks first");
    await admin.goto("/group-chat/admin/automod");
    const form = admin.getByRole("form", { name: "Add an AutoMod rule" });
    await form.getByLabel("Rule name").fill("Crypto scams");
    await form.getByLabel("Word or phrase").fill("free bitcoin");
    await form.getByRole("button", { name: "Add rule" }).click();
    const remove = admin.getByRole("button", { name: "Remove the rule Crypto scams" });
    await remove.click();
    const confirm = admin.getByRole("alertdialog", { name: "Remove this rule?" });
    await confirm.waitFor(WAIT);
    await screenshot(admin, "issue38-remove-rule-confirm-desktop-dark", { fullPage: false });
    await audit.checkBothThemes(admin, "remove-rule confirmation");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ ...WAIT, state: "hidden" });
    expect(await remove.count()).toBe(1);
    await remove.click();
    await confirm.getByRole("button", { name: "Remove rule" }).click();
    await admin.getByText("Removed “Crypto scams”").waitFor(WAIT);
    await expect.poll(() => remove.count(), WAIT).toBe(0);
    audit.assertClean();
  });
});

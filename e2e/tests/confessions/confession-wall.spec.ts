import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, useBrowser } from "../../support/browser";
import { signInAsGuest, signUpVerified, useGroupChatServer, WAIT } from "../group-chat/group-chat-helpers";

const browser = useBrowser();

const ADMIN = {
  email: "wall.admin@heartline.test",
  password: "moderator-pass-1",
  username: "wall_mod",
  gender: "female",
};
const MIRA = {
  email: "mira@heartline.test",
  password: "mira-pass-123",
  username: "mira_reg",
  gender: "female",
};
const server = useGroupChatServer(ADMIN.email);

const CONFESSION = "I still sleep with the lights on and I'm 27.";
const COMMENT = "Honestly same, no shame in that.";
const REPLY = "Thank you, that made my day.";
const WARNED = "I never said goodbye to my grandmother and I think about it every day.";

function step(name: string): void {
  process.stdout.write(`[confessions e2e ${new Date().toISOString().slice(11, 19)}] ${name}\n`);
}

async function openWall(page: Page): Promise<void> {
  await page.goto("/group-chat/confession-wall");
  await page.getByRole("heading", { level: 1, name: "Confession wall" }).waitFor(WAIT);
}

const card = (page: Page, text: string): Locator => page.getByTestId("confession").filter({ hasText: text });
const comment = (page: Page, text: string): Locator =>
  page.getByTestId("confession-comment").filter({ hasText: text }).last();
const loveButton = (scope: Locator): Locator => scope.getByRole("button", { name: /^Love ❤️/ });

/** Waits until the locator's accessible label (aria-label) reads `label`. */
async function expectLabel(locator: Locator, label: string): Promise<void> {
  await expect.poll(() => locator.getAttribute("aria-label"), WAIT).toBe(label);
}

/** Light and dark, ending in `end` (the scheme the page continues in). */
async function shootBoth(page: Page, name: string, end: "light" | "dark"): Promise<void> {
  for (const scheme of end === "light" ? (["dark", "light"] as const) : (["light", "dark"] as const)) {
    await page.emulateMedia({ colorScheme: scheme });
    // The theme follows the system preference through a listener; shoot once it has switched.
    await page.waitForFunction(
      (isDark) => document.documentElement.classList.contains("dark") === isDark,
      scheme === "dark",
    );
    await screenshot(page, `confessions-${name}-${scheme}`);
  }
}

describe("the confession wall (issue 13)", () => {
  it("a guest's confession reaches a registered user as a banner; reactions, comments with OP/Anon labels, moderation and deletion are live for both", {
    timeout: 300_000,
  }, async () => {
    const baseUrl = server().baseUrl;
    const guest = await browser.newPage({ viewport: "phone", colorScheme: "light", baseUrl });
    const mira = await browser.newPage({ viewport: "desktop", colorScheme: "dark", baseUrl });
    const admin = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl });

    step("accounts");
    await guest.goto("/");
    await signInAsGuest(guest, "wall_guest", "male");
    await mira.goto("/");
    await signUpVerified(mira, server(), MIRA);
    await admin.goto("/");
    await signUpVerified(admin, server(), ADMIN);
    await openWall(guest);
    await openWall(mira);
    await guest.getByText("No confessions yet — be the first.").waitFor(WAIT);
    await mira.getByText("No confessions yet — be the first.").waitFor(WAIT);
    await screenshot(mira, "confessions-empty-desktop-dark");

    step("the guest posts");
    await guest.getByRole("textbox", { name: "Your confession" }).fill(CONFESSION);
    await guest.getByText(`${CONFESSION.length}/1,000`).waitFor(WAIT);
    await guest.getByRole("button", { name: "Post", exact: true }).click();
    const guestCard = card(guest, CONFESSION);
    await guestCard.waitFor(WAIT);
    await guestCard.getByText("You", { exact: true }).waitFor(WAIT);
    expect(await guest.getByRole("textbox", { name: "Your confession" }).inputValue()).toBe("");

    step("mira's empty wall shows it at once: no banner over the empty state (issue #38)");
    const miraCard = card(mira, CONFESSION);
    await miraCard.waitFor(WAIT);
    expect(await mira.getByRole("button", { name: "1 new confession" }).count()).toBe(0);
    expect(await mira.getByText("No confessions yet — be the first.").count()).toBe(0);
    expect(await miraCard.getByText("Anonymous", { exact: true }).count()).toBe(1);
    expect(await miraCard.getByText("You", { exact: true }).count()).toBe(0);
    expect(await miraCard.textContent()).not.toContain("wall_guest");

    step("mira reacts; the guest sees the count");
    await loveButton(miraCard).click();
    await expectLabel(loveButton(miraCard), "Love ❤️, 1");
    expect(await loveButton(miraCard).getAttribute("aria-pressed")).toBe("true");
    await expectLabel(loveButton(guestCard), "Love ❤️, 1");
    expect(await loveButton(guestCard).getAttribute("aria-pressed")).toBe("false");

    step("mira comments as Anon 1");
    await miraCard.getByRole("button", { name: "0 comments" }).click();
    await miraCard.getByText("No comments yet. Say something kind.").waitFor(WAIT);
    await miraCard.getByRole("textbox", { name: "Write a comment" }).fill(COMMENT);
    await miraCard.getByRole("button", { name: "Comment", exact: true }).click();
    await comment(mira, COMMENT).getByText("Anon 1", { exact: true }).waitFor(WAIT);
    await comment(mira, COMMENT).getByText("You", { exact: true }).waitFor(WAIT);

    step("the guest sees the count and the comment, and replies as OP");
    const guestComments = guestCard.getByRole("button", { name: "1 comment" });
    await guestComments.waitFor(WAIT);
    await guestComments.click();
    await comment(guest, COMMENT).getByText("Anon 1", { exact: true }).waitFor(WAIT);
    expect(await comment(guest, COMMENT).getByText("You", { exact: true }).count()).toBe(0);
    await guestCard.getByRole("button", { name: "Reply to Anon 1" }).click();
    await guestCard.getByRole("textbox", { name: "Reply to Anon 1" }).fill(REPLY);
    await guestCard.getByRole("button", { name: "Reply", exact: true }).click();
    await comment(guest, REPLY).getByText("OP", { exact: true }).waitFor(WAIT);
    await comment(guest, REPLY).getByText("You", { exact: true }).waitFor(WAIT);
    await comment(mira, REPLY).getByText("OP", { exact: true }).waitFor(WAIT);
    await shootBoth(guest, "wall-phone", "light");
    await shootBoth(mira, "wall-desktop", "dark");

    step("the guest reports mira's comment");
    await comment(guest, COMMENT).getByRole("button", { name: "Report comment by Anon 1" }).click();
    const reportDialog = guest.getByRole("dialog", { name: "Report this comment" });
    await reportDialog.getByText("Harassment or bullying").click();
    await screenshot(guest, "confessions-report-phone-light");
    await reportDialog.getByRole("button", { name: "Send report" }).click();
    await guest.getByText("Report sent. Thank you for keeping Heartline safe.").waitFor(WAIT);

    step("the admin removes the reported comment");
    await admin.goto("/group-chat/admin");
    await admin.getByRole("heading", { level: 1, name: "Admin" }).waitFor(WAIT);
    const reportRow = admin.getByTestId("report").filter({ hasText: COMMENT });
    await reportRow.waitFor(WAIT);
    await reportRow.getByText("Anonymous author").waitFor(WAIT);
    expect(await reportRow.textContent()).not.toContain(MIRA.username);
    await reportRow.getByRole("button", { name: "Show author" }).click();
    await reportRow.getByText(/Written by/).waitFor(WAIT);
    await reportRow.getByRole("button", { name: `Ban ${MIRA.username}` }).waitFor(WAIT);
    await shootBoth(admin, "admin-desktop", "light");
    await reportRow.getByRole("button", { name: /^Remove (comment|from wall)$/ }).click();
    await admin.getByText("Removed from the confession wall").waitFor(WAIT);
    for (const page of [guest, mira]) {
      await expect.poll(() => comment(page, COMMENT).count(), WAIT).toBe(0);
    }

    step("the author deletes the post; it disappears for both");
    await guestCard.getByRole("button", { name: "Delete this confession" }).click();
    const confirm = guest.getByRole("alertdialog", { name: "Delete your confession?" });
    await screenshot(guest, "confessions-delete-phone-light");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    for (const page of [guest, mira]) {
      await expect.poll(() => card(page, CONFESSION).count(), WAIT).toBe(0);
      await page.getByText("No confessions yet — be the first.").waitFor(WAIT);
    }

    step("a content warning covers a confession until the reader chooses to see it");
    await mira.getByRole("button", { name: "Add content warning" }).click();
    await mira.getByRole("textbox", { name: "Content warning" }).fill("grief");
    await mira.getByRole("textbox", { name: "Your confession" }).fill(WARNED);
    await mira.getByRole("button", { name: "Post", exact: true }).click();
    await card(mira, "grief").getByText("You", { exact: true }).waitFor(WAIT);
    // The guest's wall was empty again: the confession shows at once, without a banner.
    const cover = guest.getByRole("button", { name: /Content warning: grief/ });
    await cover.waitFor(WAIT);
    expect(await guest.getByRole("button", { name: "1 new confession" }).count()).toBe(0);
    expect(await guest.getByText(WARNED).count()).toBe(0);
    await shootBoth(guest, "warning-phone", "light");
    await cover.click();
    await guest.getByText(WARNED).waitFor(WAIT);
  });
});

import { MESSAGING_MESSAGES } from "@heartline/shared";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, formatViolations, setColorScheme } from "../../support/axe";
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
const server = useGroupChatServer("admin@heartline.test");

const BEA = {
  username: "bea_blocks",
  email: "bea@heartline.test",
  password: "bea-pass-123",
  gender: "female",
};
const TOM = "tom_troll";
const CAL = "cal_bystander";

/** The room message of `page` that holds `text`. */
const messageWith = (page: Page, text: string) =>
  roomLog(page).getByTestId("group-message").filter({ hasText: text });

describe("messages from people the viewer blocked (issue #33)", () => {
  it("a blocked person's reply that quotes and @-mentions the blocker is one folded row; a quote of them folds too; Show opens it", {
    timeout: 300_000,
  }, async () => {
    const baseUrl = server().baseUrl;
    const bea = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl });
    const tom = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl });
    const cal = await browser.newPage({ viewport: "phone", colorScheme: "dark", baseUrl });

    step("a verified user and two guests in the room");
    await bea.goto("/");
    await signUpVerified(bea, server(), BEA);
    await tom.goto("/");
    await signInAsGuest(tom, TOM, "male");
    await cal.goto("/");
    await signInAsGuest(cal, CAL, "male");
    for (const page of [bea, tom, cal]) await enterRoom(page);

    step("Bea speaks, Tom answers, Bea blocks Tom from his name");
    await sendMessage(bea, "Morning all, pineapple belongs on pizza");
    await messageWith(tom, "pineapple belongs").waitFor(WAIT);
    await sendMessage(tom, "first words from tom");
    await messageWith(bea, "first words from tom").waitFor(WAIT);
    await roomLog(bea)
      .getByRole("button", { name: new RegExp(`^${TOM}.*view profile$`) })
      .first()
      .click();
    const card = bea.getByRole("dialog", { name: `${TOM}'s profile` });
    await card.getByRole("button", { name: "Block" }).click();
    // Issue #38: confirmed first.
    await bea
      .getByRole("alertdialog", { name: `Block ${TOM}?` })
      .getByRole("button", { name: "Block" })
      .click();
    await bea.getByText(MESSAGING_MESSAGES.blocked).first().waitFor(WAIT);
    await bea.keyboard.press("Escape");
    await card.waitFor({ state: "detached", ...WAIT });
    // What he wrote before the block folds at once.
    await roomLog(bea)
      .getByText("first words from tom")
      .waitFor({ state: "detached", ...WAIT });

    step("Tom replies to Bea, quoting her and @-mentioning her");
    await messageWith(tom, "pineapple belongs")
      .getByRole("button", { name: `Reply to ${BEA.username}` })
      .click();
    await sendMessage(tom, `@${BEA.username} pineapple is a crime and so are you`);
    const tomsReply = messageWith(cal, "so are you");
    await tomsReply.getByTestId("reply-quote").getByText("pineapple belongs").waitFor(WAIT);

    step("Cal, who blocks nobody, sees it; Cal replies to Tom");
    await tomsReply.getByRole("button", { name: `Reply to ${TOM}` }).click();
    await sendMessage(cal, "calm down, it is only fruit");
    await messageWith(bea, "calm down, it is only fruit").waitFor(WAIT);

    step("Bea sees two folded rows from Tom and Cal's reply with Tom's quote folded");
    const log = roomLog(bea);
    const folded = log.locator('[data-testid="group-message"][data-blocked="true"]');
    await expect.poll(() => folded.count(), WAIT).toBe(2);
    expect(await log.getByText("so are you").count()).toBe(0);
    expect(await log.getByText("first words from tom").count()).toBe(0);
    const calsReply = messageWith(bea, "calm down, it is only fruit");
    const quote = calsReply.getByTestId("reply-quote");
    expect(await quote.textContent()).toBe("Quoted a blocked messageShow");
    expect(await log.getByRole("button", { name: new RegExp(`^${TOM}`) }).count()).toBe(0);
    await screenshot(bea, "group-blocked-folded-desktop-light", { fullPage: false });
    const lightProblems = await axeViolations(bea, { within: '[role="log"]' });
    expect(lightProblems, formatViolations("folded rows, light", lightProblems)).toEqual([]);
    await setColorScheme(bea, "dark");
    await screenshot(bea, "group-blocked-folded-desktop-dark", { fullPage: false });
    const darkProblems = await axeViolations(bea, { within: '[role="log"]' });
    expect(darkProblems, formatViolations("folded rows, dark", darkProblems)).toEqual([]);

    step("Show opens a folded reply from the keyboard; the quote opens on its own");
    const show = folded.last().getByRole("button", { name: "Show blocked message" });
    await show.focus();
    await bea.keyboard.press("Enter");
    const opened = messageWith(bea, "so are you");
    await opened.waitFor(WAIT);
    expect(await opened.getByTestId("reply-quote").textContent()).toContain("pineapple belongs");
    expect(
      await opened.getByRole("button", { name: "Hide blocked message" }).getAttribute("aria-expanded"),
    ).toBe("true");
    await quote.getByRole("button", { name: "Show quoted blocked message" }).click();
    expect(await quote.textContent()).toContain("so are you");
    await screenshot(bea, "group-blocked-shown-desktop-dark", { fullPage: false });
  });
});

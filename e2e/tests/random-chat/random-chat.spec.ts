import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, useBrowser } from "../../support/browser";
import { ADULT_CONFIRMATION, pickChoices } from "./chat-picker";

const browser = useBrowser();

const CONNECTED = "You're now chatting with a stranger. Say hi!";
const LEAVE_TEXT =
  "You are currently connected with a partner. Are you sure you want to leave? This will end your chat session.";
const WAIT = { timeout: 20_000 };

/** Opens /chat, picks the gender and preference and starts searching (spec §1, §4). */
async function startChat(page: Page, gender: string, preference: string) {
  await pickChoices(page, gender, preference);
  // A fresh browser is asked for the 18+ confirmation once (issue 14).
  const adult = page.getByRole("checkbox", { name: ADULT_CONFIRMATION });
  if (await adult.isVisible()) await adult.check();
  await page.getByRole("button", { name: "Start Chatting" }).click();
}

async function expectConnected(page: Page) {
  await page.getByRole("log", { name: "Messages" }).getByText(CONNECTED).waitFor(WAIT);
  expect(await page.getByTestId("partner-label").textContent()).toBe("Stranger");
}

const messageList = (page: Page) => page.getByRole("log", { name: "Messages" });

describe("random one-to-one chat (issue 4)", () => {
  it("matches by gender and preference, chats with replies and typing, leaves via the logo, and Next finds someone new", async () => {
    const a = await browser.newPage({ viewport: "desktop", colorScheme: "light" });
    const b = await browser.newPage({ viewport: "phone", colorScheme: "dark" });

    await startChat(a, "Male", "Women");
    await a.getByRole("heading", { level: 1, name: "Looking for someone…" }).waitFor(WAIT);
    await startChat(b, "Female", "Men");
    await expectConnected(a);
    await expectConnected(b);

    // A types: B sees it; A sends.
    const composerA = a.getByRole("textbox", { name: "Message" });
    await composerA.click();
    await composerA.pressSequentially("Hello from A", { delay: 20 });
    await b.getByTestId("typing-indicator").waitFor(WAIT);
    expect(await b.getByTestId("typing-indicator").textContent()).toBe("Stranger is typing…");
    await composerA.press("Enter");
    await messageList(b).getByText("Hello from A").waitFor(WAIT);
    await b.getByTestId("typing-indicator").waitFor({ state: "detached", ...WAIT });
    // A's own message was acknowledged (no pending state left).
    await a.getByText("Sending…").waitFor({ state: "detached", ...WAIT });

    // B replies to A's message with Reply: the quote shows above the composer, then in both bubbles.
    await messageList(b)
      .getByRole("button", { name: /^Reply to Stranger: Hello from A/ })
      .click();
    expect(await b.getByTestId("reply-preview").textContent()).toContain("Hello from A");
    const composerB = b.getByRole("textbox", { name: "Message" });
    await composerB.pressSequentially("Hi A, nice to meet you", { delay: 20 });
    await a.getByTestId("typing-indicator").waitFor(WAIT);
    await composerB.press("Enter");

    const replyAtA = messageList(a).getByTestId("chat-message").filter({ hasText: "Hi A, nice to meet you" });
    await replyAtA.waitFor(WAIT);
    expect(await replyAtA.getByTestId("reply-quote").textContent()).toContain("Hello from A");
    expect(await replyAtA.getByTestId("reply-quote").textContent()).toContain("You");
    const replyAtB = messageList(b).getByTestId("chat-message").filter({ hasText: "Hi A, nice to meet you" });
    expect(await replyAtB.getByTestId("reply-quote").textContent()).toContain("Hello from A");
    await b.getByText("Sending…").waitFor({ state: "detached", ...WAIT });

    // B goes on: the follow-up joins B's run (issue #14), the reply that opened it does not.
    await composerB.fill("How is your evening going?");
    await composerB.press("Enter");
    const followUpAtA = messageList(a).getByTestId("chat-message").filter({ hasText: "How is your evening" });
    await followUpAtA.waitFor(WAIT);
    expect(await followUpAtA.getAttribute("data-grouped")).toBe("true");
    expect(await replyAtA.getAttribute("data-grouped")).toBeNull();
    await b.getByText("Sending…").waitFor({ state: "detached", ...WAIT });

    await screenshot(a, "random-chat-light-desktop", { fullPage: false });
    await screenshot(b, "random-chat-dark-phone", { fullPage: false });

    // A clicks the logo: the Leave Chat confirmation (spec §2) with its exact texts.
    await a.getByRole("banner").getByRole("link", { name: "Heartline home" }).click();
    const dialog = a.getByRole("alertdialog", { name: "Leave Chat?" });
    await dialog.waitFor(WAIT);
    expect(await dialog.getByText(LEAVE_TEXT).isVisible()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Cancel" }).isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Leave Chat" }).click();
    await a.waitForURL((url) => url.pathname === "/", WAIT);

    await messageList(b).getByText("Your partner has left the chat.").waitFor(WAIT);
    const findNew = b.getByRole("button", { name: "Find a new partner" });
    expect(await findNew.isVisible()).toBe(true);

    // B: Next searches again with the same choices; C (compatible) is matched with B.
    await findNew.click();
    await b.getByRole("heading", { level: 1, name: "Looking for someone…" }).waitFor(WAIT);
    const c = await browser.newPage({ viewport: "desktop", colorScheme: "light" });
    await startChat(c, "Male", "Anyone");
    await expectConnected(c);
    await expectConnected(b);
    await c.getByRole("textbox", { name: "Message" }).fill("Hi B, I'm C");
    await c.getByRole("textbox", { name: "Message" }).press("Enter");
    await messageList(b).getByText("Hi B, I'm C").waitFor(WAIT);
  });
});

import { BLOCK_SYSTEM_MESSAGES, DM_ERROR_MESSAGES, MESSAGING_MESSAGES } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { gotoAndSettle, screenshot, useBrowser } from "../../support/browser";
import { gradientPng, useGroupChatServer } from "../group-chat/group-chat-helpers";
import {
  headerLink,
  type Person,
  registerAndEnter,
  signInElsewhere,
  step,
  threadLog,
  traceFriendRequests,
  WAIT,
} from "./social-helpers";

const browser = useBrowser();
const server = useGroupChatServer("admin@heartline.test");

const ANA: Person = { username: "ana_social", email: "ana@heartline.test", gender: "female" };
const BEN: Person = { username: "ben_social", email: "ben@heartline.test", gender: "male" };

describe("friends and direct messages (issue: social web)", () => {
  it("A adds B from the room's people list; B sees the request arrive live and accepts", {
    timeout: 240_000,
  }, async () => {
    const a = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl: server().baseUrl });
    const b = await browser.newPage({ viewport: "desktop", colorScheme: "dark", baseUrl: server().baseUrl });
    const bHeard = traceFriendRequests(b);

    step("sign up both");
    await registerAndEnter(a, server(), ANA);
    await registerAndEnter(b, server(), BEN);

    step("request from the people list");
    const people = a.getByTestId("online-users");
    const benRow = people.getByRole("listitem").filter({ hasText: BEN.username });
    await benRow.waitFor(WAIT);
    await benRow.hover();
    await benRow.getByRole("button", { name: `Add ${BEN.username} as a friend` }).click();
    await a.getByText(`Friend request sent to ${BEN.username}`).waitFor(WAIT);

    step("B sees it without reload");
    await bHeard.wrap(b.getByText(`${ANA.username} sent you a friend request`).waitFor(WAIT));
    const friendsLink = headerLink(b, /Friends/);
    await bHeard.wrap(friendsLink.getByTestId("count-badge").waitFor(WAIT));
    expect(await friendsLink.getByTestId("count-badge").textContent()).toBe("1 pending friend requests");
    await friendsLink.click();
    await b.getByRole("heading", { level: 1, name: "Friends" }).waitFor(WAIT);
    const request = b.getByTestId("incoming-request").filter({ hasText: ANA.username });
    await request.waitFor(WAIT);
    await screenshot(b, "social-friends-request-desktop-dark");
    await request.getByRole("button", { name: `Accept friend request from ${ANA.username}` }).click();
    await b.getByTestId("friend-row").filter({ hasText: ANA.username }).waitFor(WAIT);
    await screenshot(b, "social-friends-desktop-dark");

    step("A's list has B");
    await gotoAndSettle(a, "/group-chat/friends");
    const benFriend = a.getByTestId("friend-row").filter({ hasText: BEN.username });
    await benFriend.waitFor(WAIT);
    expect(
      await benFriend.getByRole("link", { name: `Message ${BEN.username}` }).getAttribute("href"),
    ).toMatch(/^\/group-chat\/dm\//);
    await screenshot(a, "social-friends-desktop-light");

    const phone = await browser.newPage({
      viewport: "phone",
      colorScheme: "light",
      baseUrl: server().baseUrl,
    });
    await signInElsewhere(phone, ANA);
    await gotoAndSettle(phone, "/group-chat/friends");
    await phone.getByTestId("friend-row").filter({ hasText: BEN.username }).waitFor(WAIT);
    await screenshot(phone, "social-friends-phone-light");

    step("the add-friend modal shows the server's refusal");
    await a.getByRole("button", { name: "Add a friend" }).click();
    const dialog = a.getByRole("dialog", { name: "Add a friend" });
    await dialog.getByLabel("Username").fill(BEN.username);
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.getByText("You are already friends.").waitFor(WAIT);
    await screenshot(a, "social-add-friend-modal-desktop-light");
  });

  it("A and B message each other: typing, unread, reply, image, read ticks, hide and reappear, block and unblock", {
    timeout: 300_000,
  }, async () => {
    const a = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl: server().baseUrl });
    const b = await browser.newPage({ viewport: "desktop", colorScheme: "dark", baseUrl: server().baseUrl });
    await signInElsewhere(a, ANA);
    await signInElsewhere(b, BEN);

    step("B waits on the list, A opens the conversation from the friends page");
    await gotoAndSettle(b, "/group-chat/dm");
    await b.getByText("No conversations yet").waitFor(WAIT);
    await gotoAndSettle(a, "/group-chat/friends");
    await a.getByRole("link", { name: `Message ${BEN.username}` }).click();
    const aLog = threadLog(a, BEN.username);
    await aLog.waitFor(WAIT);
    const aBox = a.getByRole("textbox", { name: `Message ${BEN.username}` });
    await aBox.fill("Hi Ben! https://example.com/hello");
    await aBox.press("Enter");
    await aLog
      .getByRole("img", { name: /^(Sent|Delivered|Read)$/ })
      .first()
      .waitFor(WAIT);

    step("B: the row, the unread badge and the title");
    const row = b.getByTestId("conversation-row").filter({ hasText: ANA.username });
    await row.waitFor(WAIT);
    await row.getByText("1 unread").waitFor(WAIT);
    await headerLink(b, /Messages/)
      .getByText("unread messages")
      .waitFor(WAIT);
    await expect.poll(() => b.title(), WAIT).toMatch(/^\(1\) /);
    await screenshot(b, "social-dm-list-desktop-dark");

    step("B reads; A's ticks turn to read");
    await b.bringToFront();
    await row.getByRole("link").click();
    const bLog = threadLog(b, ANA.username);
    await bLog.getByText("Hi Ben!").waitFor(WAIT);
    expect(await bLog.getByRole("link", { name: "https://example.com/hello" }).getAttribute("href")).toBe(
      "https://example.com/hello",
    );
    await aLog.getByRole("img", { name: "Read" }).waitFor(WAIT);
    await expect.poll(() => b.title(), WAIT).not.toMatch(/^\(/);

    step("typing, a reply and an image");
    await a.bringToFront();
    await aBox.pressSequentially("typing along", { delay: 40 });
    await b.getByTestId("dm-typing").getByText(`${ANA.username} is typing…`).waitFor(WAIT);
    await aBox.fill("");
    const first = aLog.getByTestId("dm-message").filter({ hasText: "Hi Ben!" });
    await first.hover();
    await first.getByRole("button", { name: "Reply" }).click();
    await a.getByTestId("dm-reply-preview").waitFor(WAIT);
    await aBox.fill("Replying to myself, as one does");
    await aBox.press("Enter");
    const reply = bLog.getByTestId("dm-message").filter({ hasText: "Replying to myself" });
    await reply.waitFor(WAIT);
    expect(await reply.getByTestId("dm-reply-quote").textContent()).toContain("Hi Ben!");
    await a
      .getByTestId("dm-image-input")
      .setInputFiles({ name: "sky.png", mimeType: "image/png", buffer: gradientPng() });
    // issue #14: a picked picture waits in a preview (optional caption) until it is sent.
    await a.getByTestId("staged-image").waitFor(WAIT);
    await aBox.press("Enter");
    await bLog.getByRole("img", { name: "Shared image" }).waitFor(WAIT);
    await aLog.getByRole("img", { name: "Shared image" }).waitFor(WAIT);
    // issue #14: the picture joins A's run; the reply that opened the run does not.
    const picture = bLog
      .getByTestId("dm-message")
      .filter({ has: b.getByRole("img", { name: "Shared image" }) });
    expect(await picture.getAttribute("data-grouped")).toBe("true");
    expect(await reply.getAttribute("data-grouped")).toBeNull();
    await screenshot(a, "social-dm-thread-desktop-light");
    await screenshot(b, "social-dm-thread-desktop-dark");

    const phone = await browser.newPage({
      viewport: "phone",
      colorScheme: "light",
      baseUrl: server().baseUrl,
    });
    await signInElsewhere(phone, ANA);
    await gotoAndSettle(phone, "/group-chat/dm");
    await phone.getByTestId("conversation-row").filter({ hasText: BEN.username }).waitFor(WAIT);
    await screenshot(phone, "social-dm-list-phone-light");
    await phone.getByTestId("conversation-row").filter({ hasText: BEN.username }).getByRole("link").click();
    await threadLog(phone, BEN.username).getByRole("img", { name: "Shared image" }).waitFor(WAIT);
    await phone.getByRole("link", { name: "Back to conversations" }).waitFor(WAIT);
    await screenshot(phone, "social-dm-thread-phone-light");
    await phone.close();

    step("B hides the conversation; A writes again; it comes back highlighted");
    await b.getByRole("button", { name: `Conversation options for ${ANA.username}` }).click();
    await b.getByRole("button", { name: "Hide conversation" }).click();
    await b.waitForURL(/\/group-chat\/dm$/, WAIT);
    // Issue #38: the empty Chats tab says the one chat is hidden, and shows the way to it.
    await b.getByText("Your one chat is hidden").waitFor(WAIT);
    await b.getByRole("button", { name: "Show hidden chats" }).waitFor(WAIT);
    await b.getByRole("button", { name: /^Hidden/ }).click();
    await b.getByTestId("conversation-row").filter({ hasText: ANA.username }).waitFor(WAIT);
    await b.getByRole("button", { name: "Chats" }).click();
    await aBox.fill("Still there?");
    await aBox.press("Enter");
    const back = b.getByTestId("conversation-row").filter({ hasText: ANA.username });
    await back.waitFor(WAIT);
    expect(await back.getAttribute("data-highlighted")).toBe("true");
    await back.getByText("New", { exact: true }).waitFor(WAIT);
    await screenshot(b, "social-dm-unhidden-desktop-dark");

    step("B blocks A: A's send fails with the reason, B gets nothing");
    await b.bringToFront();
    await back.getByRole("link").click();
    await bLog.getByText("Still there?").waitFor(WAIT);
    // Reading is ignored within 3 s of the unhide (spec §4); the open thread reads again after it.
    await back.getByText("1 unread").waitFor({ state: "detached", ...WAIT });
    await expect.poll(() => b.title(), WAIT).not.toMatch(/^\(/);
    await b.getByRole("button", { name: `Conversation options for ${ANA.username}` }).click();
    await b.getByRole("button", { name: "Block" }).click();
    // Issue #38: confirmed first.
    await b
      .getByRole("alertdialog", { name: `Block ${ANA.username}?` })
      .getByRole("button", { name: "Block" })
      .click();
    await b.getByText(MESSAGING_MESSAGES.blocked).waitFor(WAIT);
    await bLog.getByText(BLOCK_SYSTEM_MESSAGES.blocked).waitFor(WAIT);
    await b.getByTestId("dm-blocked-notice").waitFor(WAIT);
    await aBox.fill("Are you ignoring me?");
    await aBox.press("Enter");
    const failed = aLog.getByTestId("dm-send-error");
    await failed.waitFor(WAIT);
    expect(await failed.textContent()).toContain(DM_ERROR_MESSAGES.blockedByReceiver);
    // Issue #38: a block's refusal is final: its text, no Retry.
    expect(await failed.getByRole("button", { name: "Retry" }).count()).toBe(0);
    await screenshot(a, "social-dm-send-refused-desktop-light");
    expect(await bLog.getByText("Are you ignoring me?").count()).toBe(0);

    step("B unblocks");
    await b.getByTestId("dm-blocked-notice").getByRole("button", { name: "Unblock" }).click();
    await b.getByText(MESSAGING_MESSAGES.unblocked).waitFor(WAIT);
    await bLog.getByText(BLOCK_SYSTEM_MESSAGES.unblocked).waitFor(WAIT);
    // The server answered the unblock after it refused the send: a delivered refused message would be here.
    expect(await bLog.getByText("Are you ignoring me?").count()).toBe(0);
    await b.getByRole("textbox", { name: `Message ${ANA.username}` }).waitFor(WAIT);
    await screenshot(b, "social-dm-unblocked-desktop-dark");
  });
});

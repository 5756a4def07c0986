import { DM_ERROR_MESSAGES } from "@heartline/shared";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeAudit, setColorScheme } from "../../support/axe";
import { gotoAndSettle, screenshot, useBrowser } from "../../support/browser";
import { useGroupChatServer } from "../group-chat/group-chat-helpers";
import { countPushes, markDocument, watchForEver } from "./live-watch";
import { type Person, registerAndEnter, signInElsewhere, step, threadLog, WAIT } from "./social-helpers";

const browser = useBrowser();
const server = useGroupChatServer("admin@heartline.test");

const CARA: Person = { username: "cara_live", email: "cara@heartline.test", gender: "female" };
const DAN: Person = { username: "dan_live", email: "dan@heartline.test", gender: "male" };
const EVE: Person = { username: "eve_live", email: "eve@heartline.test", gender: "other" };

/** The signed-in user's id, as the page's own session answers it. */
async function myId(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch("/api/accounts/me", { credentials: "include" });
    const body = (await response.json()) as { user: { id: string } };
    return body.user.id;
  });
}

const headerStatus = (page: Page) => page.getByTestId("thread-partner-status");

/** A friend's row on the friends page, and its presence dot's status (the row's text says it in words). */
const friendRow = (page: Page, username: string) =>
  page.getByTestId("friend-row").filter({ hasText: username });
const dotStatus = (page: Page, username: string) =>
  friendRow(page, username).locator("[data-status]:not([data-testid])").getAttribute("data-status");

/** Two frames: what a push just changed has been rendered. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

async function sendDm(page: Page, partner: string, text: string): Promise<void> {
  const box = page.getByRole("textbox", { name: `Message ${partner}` });
  await box.fill(text);
  await box.press("Enter");
  await threadLog(page, partner).getByText(text).waitFor(WAIT);
}

/**
 * Issue #38, what a new user tripped over, walked as they did it: an open thread, the list and the
 * friends page follow presence, friendship and account deletion as they happen, with no reload.
 */
describe("social state follows the server's pushes (issue #38)", () => {
  it("an open thread: Offline → Online → Offline, Add friend → Request sent → friends, block confirmed", {
    timeout: 300_000,
  }, async () => {
    const axe = axeAudit();
    const a = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl: server().baseUrl });
    const b = await browser.newPage({ viewport: "desktop", colorScheme: "dark", baseUrl: server().baseUrl });
    const streakPushes = countPushes(a, "streak_updated");
    step("sign up both; B leaves (offline)");
    await registerAndEnter(a, server(), CARA);
    await registerAndEnter(b, server(), DAN);
    const danId = await myId(b);
    await b.goto("about:blank");

    step("A opens the thread while B is away, writes, and asks B to be friends from the header");
    await gotoAndSettle(a, `/group-chat/dm/${danId}`);
    await sendDm(a, DAN.username, "Hi Dan, are you around?");
    await expect.poll(() => headerStatus(a).textContent(), WAIT).toBe("Offline");
    await a.getByRole("button", { name: "Add friend" }).click();
    const pending = a.getByTestId("friendship-state").filter({ visible: true });
    await pending.waitFor(WAIT);
    expect(await pending.getAttribute("data-state")).toBe("outgoing");
    expect(await pending.textContent()).toContain("Request sent");
    await screenshot(a, "live-social-thread-pending-offline-desktop-light");

    step("B comes online: A's open thread says Online, no reload");
    await signInElsewhere(b, DAN);
    await gotoAndSettle(b, "/group-chat/friends");
    await expect.poll(() => headerStatus(a).textContent(), WAIT).toBe("Online");
    // The conversation list beside the thread follows too.
    const row = a.getByTestId("conversation-row").filter({ hasText: DAN.username });
    await expect
      .poll(() => row.getByTestId("conversation-presence").getAttribute("data-status"), WAIT)
      .toBe("online");

    step("B accepts: A's header shows friends (and no streak to break yet)");
    const request = b.getByTestId("incoming-request").filter({ hasText: CARA.username });
    await request.getByRole("button", { name: `Accept friend request from ${CARA.username}` }).click();
    await expect
      .poll(() => a.getByTestId("friendship-state").first().getAttribute("data-state"), WAIT)
      .toBe("friends");
    expect(await a.getByRole("button", { name: "Add friend" }).count()).toBe(0);
    const streak = a.getByTestId("thread-streak").getByTestId("streak-indicator");
    await streak.waitFor(WAIT);
    expect(await streak.getAttribute("data-status")).toBe("not-started");
    expect(await a.getByText("Start a streak").isVisible()).toBe(true);
    await screenshot(a, "live-social-thread-friends-online-desktop-light");
    await axe.checkBothThemes(a, "thread with a new friend");

    step(
      "B's first reply: A's header stays 'Start a streak' once its streak push is in, never 'Streak broken'",
    );
    const caraId = await myId(a);
    await gotoAndSettle(b, `/group-chat/dm/${caraId}`);
    const wasEverBroken = await watchForEver(a, '[data-testid="streak-indicator"][data-status="broken"]');
    const streakPushesSeen = streakPushes.count();
    await sendDm(b, CARA.username, "Hey Cara, I am here now");
    await threadLog(a, DAN.username).getByText("Hey Cara, I am here now").waitFor(WAIT);
    // The reply's `streak_updated` has reached A and been drawn: what the header shows now is settled.
    await streakPushes.beyond(streakPushesSeen);
    await nextFrames(a);
    expect(await streak.getAttribute("data-status")).toBe("not-started");
    expect(await a.getByText("Start a streak").isVisible()).toBe(true);
    expect(await wasEverBroken()).toBe(false);
    expect(await a.getByText("Streak broken").count()).toBe(0);
    await screenshot(b, "live-social-thread-start-streak-desktop-dark");

    step("B's friends page follows A without a reload: Online, Last active when A leaves, Online again");
    await gotoAndSettle(b, "/group-chat/friends");
    const caraRow = friendRow(b, CARA.username);
    await caraRow.getByText("Online", { exact: true }).waitFor(WAIT);
    expect(await dotStatus(b, CARA.username)).toBe("online");
    const isSameDocument = await markDocument(b);
    await screenshot(b, "live-social-friends-online-desktop-dark");
    await a.goto("about:blank");
    await caraRow.getByText("Last active just now", { exact: true }).waitFor(WAIT);
    expect(await dotStatus(b, CARA.username)).toBe("offline");
    await screenshot(b, "live-social-friends-offline-desktop-dark");
    await setColorScheme(b, "light");
    await screenshot(b, "live-social-friends-offline-desktop-light");
    await axe.check(b, "friends page, friend offline, light");
    await setColorScheme(b, "dark");
    await gotoAndSettle(a, `/group-chat/dm/${danId}`);
    await caraRow.getByText("Online", { exact: true }).waitFor(WAIT);
    expect(await dotStatus(b, CARA.username)).toBe("online");
    expect(await isSameDocument()).toBe(true);

    step("B's open thread: A leaves and the header says so");
    await gotoAndSettle(b, `/group-chat/dm/${caraId}`);
    await a.goto("about:blank");
    await expect.poll(() => headerStatus(b).textContent(), WAIT).toBe("Offline");

    step("on a phone: the thread header, dark and light");
    const phone = await browser.newPage({
      viewport: "phone",
      colorScheme: "dark",
      baseUrl: server().baseUrl,
    });
    await signInElsewhere(phone, CARA);
    // A phone shows the thread alone (no list heading to settle on): wait for the thread itself.
    await phone.goto(`/group-chat/dm/${danId}`);
    await threadLog(phone, DAN.username).waitFor(WAIT);
    await expect.poll(() => headerStatus(phone).textContent(), WAIT).toBe("Online");
    await screenshot(phone, "live-social-thread-online-phone-dark");
    await setColorScheme(phone, "light");
    await screenshot(phone, "live-social-thread-online-phone-light");

    step("B blocks A: asked first, saying what it ends; A's refused send has no Retry");
    await b.getByRole("button", { name: `Conversation options for ${CARA.username}` }).click();
    await b.getByRole("button", { name: "Block" }).click();
    const confirm = b.getByRole("alertdialog", { name: `Block ${CARA.username}?` });
    await confirm.waitFor(WAIT);
    expect(await confirm.textContent()).toContain(
      `Blocking ends your friendship and your streak with ${CARA.username}. They can no longer send you messages.`,
    );
    await screenshot(b, "live-social-block-confirm-desktop-dark");
    await axe.check(b, "block confirmation, dark");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ ...WAIT, state: "hidden" });
    expect(await b.getByTestId("dm-blocked-notice").count()).toBe(0);
    await b.getByRole("button", { name: `Conversation options for ${CARA.username}` }).click();
    await b.getByRole("button", { name: "Block" }).click();
    await confirm.getByRole("button", { name: "Block" }).click();
    await b.getByTestId("dm-blocked-notice").waitFor(WAIT);

    const box = phone.getByRole("textbox", { name: `Message ${DAN.username}` });
    await box.fill("Why?");
    await box.press("Enter");
    const failed = threadLog(phone, DAN.username).getByTestId("dm-send-error");
    await failed.waitFor(WAIT);
    expect(await failed.textContent()).toContain(DM_ERROR_MESSAGES.blockedByReceiver);
    expect(await failed.getByRole("button", { name: "Retry" }).count()).toBe(0);
    await screenshot(phone, "live-social-send-refused-phone-light");
    await axe.check(phone, "refused send, phone light");
    axe.assertClean();
  });

  it("account deletion: gone from the open friends page at once (with a toast), 'Deleted User' in the open thread, still after a reload", {
    timeout: 300_000,
  }, async () => {
    const a = await browser.newPage({ viewport: "desktop", colorScheme: "dark", baseUrl: server().baseUrl });
    const e = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl: server().baseUrl });
    const axe = axeAudit();
    await signInElsewhere(a, CARA);
    await registerAndEnter(e, server(), EVE);
    const eveId = await myId(e);

    step("A and E become friends and talk");
    await gotoAndSettle(a, `/group-chat/dm/${eveId}`);
    await a.getByRole("button", { name: "Add friend" }).click();
    await gotoAndSettle(e, "/group-chat/friends");
    await e
      .getByTestId("incoming-request")
      .filter({ hasText: CARA.username })
      .getByRole("button", { name: `Accept friend request from ${CARA.username}` })
      .click();
    await expect
      .poll(() => a.getByTestId("friendship-state").first().getAttribute("data-state"), WAIT)
      .toBe("friends");
    await sendDm(a, EVE.username, "Nice to meet you, Eve");

    step("A also has the friends page open in another tab, E listed");
    const friendsTab = await a.context().newPage();
    await gotoAndSettle(friendsTab, "/group-chat/friends");
    await friendRow(friendsTab, EVE.username).waitFor(WAIT);
    const isSameDocument = await markDocument(friendsTab);

    step("E deletes the account; A's friends page drops her at once and says why");
    await gotoAndSettle(e, "/settings");
    await e.getByRole("button", { name: "Delete account…" }).click();
    const dialog = e.getByRole("alertdialog", { name: "Delete your account?" });
    await dialog.getByLabel(`Type ${EVE.username} to confirm`).fill(EVE.username);
    await dialog.getByRole("button", { name: "Delete account", exact: true }).click();
    await e.getByText("Your account has been deleted.").waitFor(WAIT);

    // Removed, not kept as a 'Deleted User' friend: the friendship went with the account (server rule).
    await friendsTab.getByText("A friend deleted their account").waitFor(WAIT);
    await friendRow(friendsTab, EVE.username).waitFor({ ...WAIT, state: "detached" });
    await friendsTab.getByText("No friends yet").waitFor(WAIT);
    expect(await friendsTab.getByTestId("friend-row").count()).toBe(0);
    expect(await friendsTab.getByText("Deleted User").count()).toBe(0);
    expect(await isSameDocument()).toBe(true);
    await screenshot(friendsTab, "live-social-friends-deleted-desktop-dark");
    await setColorScheme(friendsTab, "light");
    await screenshot(friendsTab, "live-social-friends-deleted-desktop-light");
    await axe.checkBothThemes(friendsTab, "friends page after a friend deleted their account");

    step("A's open thread reads 'Deleted User' without a reload");
    await a.bringToFront();
    await expect.poll(() => a.getByTestId("thread-partner-name").textContent(), WAIT).toBe("Deleted User");
    await a.getByText("This account was deleted. You can't reply to this conversation.").waitFor(WAIT);
    // The page (thread and conversation list) no longer names her; only the earlier "Friend request sent
    // to …" toast may still be up (react-hot-toast holds a toast while the pointer rests on it).
    expect(await a.locator("main").getByText(EVE.username).count()).toBe(0);
    await screenshot(a, "live-social-thread-deleted-desktop-dark");
    await axe.checkBothThemes(a, "thread of a deleted partner");

    step("A's friends page, loaded again, still does not list E");
    await gotoAndSettle(friendsTab, "/group-chat/friends");
    await friendsTab.getByText("No friends yet").waitFor(WAIT);
    expect(await friendRow(friendsTab, EVE.username).count()).toBe(0);

    step("after a reload the old link still says 'Deleted User', never the raw id");
    // The detail answers 404 (spec §5's text stays the API's), so wait for the thread area itself.
    await a.goto(`/group-chat/dm/${eveId}`);
    await expect.poll(() => a.getByTestId("thread-partner-name").textContent(), WAIT).toBe("Deleted User");
    expect(await a.getByText(eveId).count()).toBe(0);
    await screenshot(a, "live-social-thread-deleted-reload-desktop-dark");
    const phone = await browser.newPage({
      viewport: "phone",
      colorScheme: "light",
      baseUrl: server().baseUrl,
    });
    await signInElsewhere(phone, CARA);
    await phone.goto(`/group-chat/dm/${eveId}`);
    await expect
      .poll(() => phone.getByTestId("thread-partner-name").textContent(), WAIT)
      .toBe("Deleted User");
    await screenshot(phone, "live-social-thread-deleted-phone-light");
    await axe.check(phone, "deleted partner after reload, phone light");
    axe.assertClean();
  });
});

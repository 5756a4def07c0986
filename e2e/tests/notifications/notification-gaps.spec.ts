import { randomUUID } from "node:crypto";
import { NOTIFICATION_PATHS } from "@heartline/shared";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeAudit } from "../../support/axe";
import { gotoAndSettle, screenshot, useBrowser } from "../../support/browser";
import { signInAsGuest, useGroupChatServer } from "../group-chat/group-chat-helpers";
import { type Person, registerAndEnter, step, threadLog, WAIT } from "../social/social-helpers";

const browser = useBrowser();
const server = useGroupChatServer("admin@heartline.test");

const myId = (page: Page): Promise<string> =>
  page.evaluate(async () => {
    const response = await fetch("/api/accounts/me", { credentials: "include" });
    return ((await response.json()) as { user: { id: string } }).user.id;
  });

/** A JSON request from the page (its cookies): the status and the answer. */
const fromPage = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ target, verb, payload }) => {
      const response = await fetch(target, {
        method: verb,
        credentials: "include",
        ...(payload === undefined
          ? {}
          : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload) }),
      });
      return { status: response.status, json: (await response.json().catch(() => null)) as unknown };
    },
    { target: path, verb: method, payload: body },
  );

/** Both themes of the page as it is, ending in the one it started in. */
async function shootBoth(page: Page, name: string): Promise<void> {
  const started = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  for (const isDark of [!started, started]) {
    await page.emulateMedia({ colorScheme: isDark ? "dark" : "light" });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains("dark") === dark,
      isDark,
    );
    await screenshot(page, `${name}-${isDark ? "dark" : "light"}`, { fullPage: false });
  }
}

const options = (page: Page, partner: string) =>
  page.getByRole("button", { name: `Conversation options for ${partner}` });

describe("notifications from the threads and the wall (issue #40 gaps)", () => {
  it("mutes a conversation from its menu (every tab follows), and reading the thread reads its bell item on another tab", {
    timeout: 300_000,
  }, async () => {
    const ana: Person = { username: "ana_gap", email: "ana.gap@heartline.test", gender: "female" };
    const ben: Person = { username: "ben_gap", email: "ben.gap@heartline.test", gender: "male" };
    const a = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl: server().baseUrl });
    const b = await browser.newPage({ viewport: "phone", colorScheme: "dark", baseUrl: server().baseUrl });
    step("sign up both");
    await registerAndEnter(a, server(), ana);
    await registerAndEnter(b, server(), ben);
    const [anaId, benId] = [await myId(a), await myId(b)];

    step("Ben closes his tab; Ana writes; his inbox keeps the thread");
    await b.goto("about:blank");
    await gotoAndSettle(a, `/group-chat/dm/${benId}`);
    // Nothing is kept while a tab of his is open: Ana's header says when none is.
    await expect.poll(() => a.getByTestId("thread-partner-status").textContent(), WAIT).toBe("Offline");
    const box = a.getByRole("textbox", { name: `Message ${ben.username}` });
    await box.fill("are you there?");
    await box.press("Enter");
    await threadLog(a, ben.username).getByText("are you there?").waitFor(WAIT);
    const inbox = async (page: Page) =>
      (await fromPage(page, "GET", NOTIFICATION_PATHS.inbox)).json as {
        unreadCount: number;
        items: { kind: string; read: boolean }[];
      };

    step("Ben comes back on two tabs: the bell on one, the thread on the other");
    await gotoAndSettle(b, "/group-chat");
    const bell = b.getByRole("button", { name: /^Notifications, 1 unread$/ });
    await bell.waitFor(WAIT);
    const thread = await b.context().newPage();
    await thread.goto(`/group-chat/dm/${anaId}`);
    await threadLog(thread, ana.username).getByText("are you there?").waitFor(WAIT);
    await thread.bringToFront();
    // Read on the thread's tab: the bell on the other follows without a reload.
    await b.getByRole("button", { name: "Notifications", exact: true }).waitFor(WAIT);
    expect(await inbox(b)).toMatchObject({ unreadCount: 0, items: [{ kind: "direct_message", read: true }] });
    await b.bringToFront();
    await screenshot(b, "notifications-thread-read-bell-phone-dark", { fullPage: false });

    step("Ana mutes the conversation; her other tab's menu and header follow");
    const other = await a.context().newPage();
    await other.goto(`/group-chat/dm/${benId}`);
    await threadLog(other, ben.username).waitFor(WAIT);
    await a.bringToFront();
    await options(a, ben.username).click();
    await a.getByRole("button", { name: "Mute notifications" }).waitFor(WAIT);
    await shootBoth(a, "notifications-mute-menu-desktop");
    await a.getByRole("button", { name: "Mute notifications" }).click();
    await a.getByRole("img", { name: "Notifications muted" }).waitFor(WAIT);
    await other.getByRole("img", { name: "Notifications muted" }).waitFor(WAIT);
    await options(other, ben.username).click();
    await other.getByRole("button", { name: "Unmute notifications" }).waitFor(WAIT);
    await other.keyboard.press("Escape");
    // The other tab (no toast there): the header's muted mark.
    await other.bringToFront();
    await shootBoth(other, "notifications-muted-header-desktop");
    const axe = axeAudit();
    await axe.checkBothThemes(other, "muted thread");

    step("muted: Ana's tabs closed, Ben writes, nothing reaches her inbox");
    await a.goto("about:blank");
    await other.goto("about:blank");
    await thread.bringToFront();
    await expect.poll(() => thread.getByTestId("thread-partner-status").textContent(), WAIT).toBe("Offline");
    const reply = thread.getByRole("textbox", { name: `Message ${ana.username}` });
    await reply.fill("yes, here");
    await reply.press("Enter");
    await threadLog(thread, ana.username).getByText("yes, here").waitFor(WAIT);
    // The friend request after it is judged after the message (one queue): the inbox then has only it.
    expect((await fromPage(thread, "POST", "/api/friend-requests", { username: ana.username })).status).toBe(
      200,
    );
    await gotoAndSettle(a, "/group-chat");
    await a.getByRole("button", { name: /^Notifications, 1 unread$/ }).waitFor(WAIT);
    expect((await inbox(a)).items.map((item) => item.kind)).toEqual(["friend_request"]);

    step("Ben on his phone: the menu says the state (unmuted for him) in both themes");
    await options(thread, ana.username).click();
    await thread.getByRole("button", { name: "Mute notifications" }).waitFor(WAIT);
    await shootBoth(thread, "notifications-mute-menu-phone");
    axe.assertClean();
  });

  it("a comment's notification opens the wall on its confession: scrolled to, highlighted, comments open; a removed one says so", {
    timeout: 300_000,
  }, async () => {
    const cases = [
      { viewport: "desktop", scheme: "light" },
      { viewport: "phone", scheme: "dark" },
    ] as const;
    for (const [index, { viewport, scheme }] of cases.entries()) {
      const tag = `${viewport}-${scheme}`;
      const op: Person = {
        username: `op_gap${index}`,
        email: `op.gap${index}@heartline.test`,
        gender: "female",
      };
      const fan: Person = {
        username: `fan_gap${index}`,
        email: `fan.gap${index}@heartline.test`,
        gender: "male",
      };
      const a = await browser.newPage({ viewport, colorScheme: scheme, baseUrl: server().baseUrl });
      const b = await browser.newPage({ viewport: "desktop", baseUrl: server().baseUrl });
      step(`${tag}: sign up; a confession, then others above it`);
      await registerAndEnter(a, server(), op);
      await registerAndEnter(b, server(), fan);
      const mine = randomUUID();
      const text = `my confession ${index}: I talk to my plants`;
      expect((await fromPage(a, "POST", "/api/confessions", { id: mine, content: text })).status).toBe(201);
      for (let other = 1; other <= 4; other += 1) {
        const content = `another confession ${index}.${other}\n${"a long line of words. ".repeat(12)}`;
        expect((await fromPage(b, "POST", "/api/confessions", { id: randomUUID(), content })).status).toBe(
          201,
        );
      }

      step(`${tag}: a comment reaches the bell; choosing it opens the confession`);
      const said = `so do I (${index})`;
      const commented = await fromPage(b, "POST", `/api/confessions/${mine}/comments`, {
        id: randomUUID(),
        content: said,
      });
      expect(commented.status).toBe(201);
      await a.getByRole("button", { name: /^Notifications, 1 unread$/ }).click();
      await a
        .getByRole("region", { name: "Notifications" })
        .getByRole("button", { name: /comment/i })
        .click();
      await expect.poll(() => new URL(a.url()).search).toBe(`?confession=${mine}`);
      const card = a.locator('[data-testid="confession"][data-linked="true"]');
      await card.getByText(text).waitFor(WAIT);
      await card.getByText(said).waitFor(WAIT);
      expect(await card.getAttribute("data-highlighted")).toBe("true");
      await expect.poll(() => card.evaluate((element) => element === document.activeElement)).toBe(true);
      await expect
        .poll(() =>
          card.evaluate((element) => {
            const box = element.getBoundingClientRect();
            return box.top >= 0 && box.top < window.innerHeight / 2;
          }),
        )
        .toBe(true);
      await screenshot(a, `notifications-linked-confession-${tag}`, { fullPage: false });
      await expect.poll(() => card.getAttribute("data-highlighted"), WAIT).toBe(null);

      step(`${tag}: a link to a confession that is gone says so`);
      await gotoAndSettle(a, `/group-chat/confession-wall?confession=${randomUUID()}`);
      await a.getByText("This confession is no longer on the wall.").waitFor(WAIT);
      await shootBoth(a, `notifications-linked-confession-gone-${viewport}`);
    }
  });

  it("a link to a confession older than the wall's first page shows it alone above the feed, highlighted", {
    timeout: 240_000,
  }, async () => {
    const baseUrl = server().baseUrl;
    const visitor = async (name: string, look: Parameters<typeof browser.newPage>[0] = {}) => {
      const page = await browser.newPage({ viewport: "desktop", ...look, baseUrl });
      await page.goto("/");
      await signInAsGuest(page, name);
      return page;
    };
    step("an older confession, then twenty newer ones (five an hour each, so four people)");
    const op = await visitor("op_older", { viewport: "desktop", colorScheme: "light" });
    const older = randomUUID();
    const text = "an older confession: I still keep my first phone";
    expect((await fromPage(op, "POST", "/api/confessions", { id: older, content: text })).status).toBe(201);
    for (let poster = 1; poster <= 4; poster += 1) {
      const page = await visitor(`newer_poster${poster}`);
      for (let index = 1; index <= 5; index += 1) {
        const content = `newer confession ${poster}.${index}`;
        expect((await fromPage(page, "POST", "/api/confessions", { id: randomUUID(), content })).status).toBe(
          201,
        );
      }
      await page.context().close();
    }
    const phone = await visitor("reader_older", { viewport: "phone", colorScheme: "dark" });
    const axe = axeAudit();

    for (const [page, look] of [
      [op, "desktop-light"],
      [phone, "phone-dark"],
    ] as const) {
      step(`${look}: the link opens the wall with the confession fetched alone above the feed`);
      await gotoAndSettle(page, `/group-chat/confession-wall?confession=${older}`);
      const alone = page.getByRole("region", { name: "The confession you were sent to" });
      await alone.getByText(text).waitFor(WAIT);
      const card = alone.locator('[data-testid="confession"][data-linked="true"]');
      expect(await card.count()).toBe(1);
      await expect.poll(() => card.getAttribute("data-highlighted")).toBe("true");
      // The feed below starts at the newest and does not have it: the card above is the only one.
      await page.getByText("newer confession 4.5").waitFor(WAIT);
      expect(await page.getByTestId("confession").filter({ hasText: text }).count()).toBe(1);
      await screenshot(page, `notifications-linked-confession-fetched-${look}`, { fullPage: false });
      await axe.checkBothThemes(page, `linked confession fetched alone, ${look}`);
    }
    axe.assertClean();
  });
});

import { randomUUID } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeAudit } from "../../support/axe";
import { gotoAndSettle, screenshot, useBrowser } from "../../support/browser";
import { ADULT_CONFIRMATION, pickChoices } from "../random-chat/chat-picker";
import {
  enterRoom,
  gradientPng,
  roomLog,
  sendMessage,
  signIn,
  signInAsGuest,
  signUpVerified,
  step,
  useGroupChatServer,
  WAIT,
} from "./group-chat-helpers";

const browser = useBrowser();
const server = useGroupChatServer("admin@heartline.test");

const PASSWORD = "correct-horse-1";
// The admin: AutoMod keeps day-old accounts' links and pictures to itself (issue #15); admins are exempt.
const ANA = { username: "ana_scroll", email: "admin@heartline.test", password: PASSWORD, gender: "female" };
const BEN = {
  username: "ben_scroll",
  email: "ben-scroll@heartline.test",
  password: PASSWORD,
  gender: "male",
};
/** Writes the room's first ten in the second test: Ana's window of ten in ten seconds may still hold the first test's. */
const CARA = {
  username: "cara_scroll",
  email: "cara-scroll@heartline.test",
  password: PASSWORD,
  gender: "female",
};

/**
 * Four lines each: seven of them under the picture are more than a phone's or a desktop's log shows at
 * once. Seven, so that the picture, the seven and each width's news are the ten a sender may send in ten
 * seconds (CHAT_MESSAGE_RATE_LIMIT): a run fast enough to send them all inside one window is not refused.
 */
const HISTORY = 7;
const longLine = (index: number) => `update ${index}\nsecond line\nthird line\nfourth line`;
const threadLog = (page: Page, partner: string) =>
  page.getByRole("log", { name: `Messages with ${partner}` });

async function myId(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch("/api/accounts/me", { credentials: "include" });
    return ((await response.json()) as { user: { id: string } }).user.id;
  });
}

/** How far the log is from its bottom (0 when it shows the newest message). */
const distanceFromBottom = (log: Locator) =>
  log.evaluate((element) => Math.round(element.scrollHeight - element.clientHeight - element.scrollTop));

/** Whether `row` lies wholly inside the log's visible box. */
const isWhollyShown = async (log: Locator, row: Locator) => {
  const [box, view] = [await row.boundingBox(), await log.boundingBox()];
  if (!box || !view) return false;
  return box.y >= view.y - 1 && box.y + box.height <= view.y + view.height + 1;
};

/**
 * Holds every uploaded picture until `release()`: the log is drawn, and scrolled, before the picture has
 * its size, as on a slow connection.
 */
async function holdPictures(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/uploads/**", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** issue #38: the log opens on its newest message and is still there once the picture above loaded. */
async function expectOpensOnNewest(log: Locator, release: () => void, newest: string): Promise<void> {
  const last = log.getByText(newest.split("\n")[0] ?? newest);
  await last.waitFor(WAIT);
  release();
  await expect
    .poll(() =>
      log
        .locator('img[alt="Shared image"]')
        .first()
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    )
    .toBe(true);
  await expect.poll(() => distanceFromBottom(log)).toBeLessThanOrEqual(2);
  expect(await isWhollyShown(log, last)).toBe(true);
}

/** Scrolled up, a new message does not move the log; "Jump to latest" counts it and goes there. */
async function expectJumpToLatest(page: Page, log: Locator, send: () => Promise<void>, text: string) {
  await log.evaluate((element) => element.scrollTo({ top: 0 }));
  const jump = page.getByRole("button", { name: /^Jump to latest/ });
  await jump.waitFor(WAIT);
  expect(await jump.textContent()).not.toContain("new");
  await send();
  await page.getByRole("button", { name: /^Jump to latest\W+1 new message$/ }).waitFor(WAIT);
  expect(await log.evaluate((element) => element.scrollTop)).toBeLessThan(5);
  expect(await isWhollyShown(log, log.getByText(text))).toBe(false);
  return async (name: string) => {
    await screenshot(page, name, { fullPage: false });
    await jump.click();
    await jump.waitFor({ state: "detached", ...WAIT });
    await expect.poll(() => distanceFromBottom(log)).toBeLessThanOrEqual(2);
    expect(await isWhollyShown(log, log.getByText(text))).toBe(true);
  };
}

/** The element with the focus, described: its tag, id, text and whether it is a log row. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return {
      tag: active?.tagName.toLowerCase() ?? "",
      id: active?.id ?? "",
      text: (active?.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 80),
      label: active?.getAttribute("aria-label") ?? "",
      isRow: active?.hasAttribute("data-log-row") ?? false,
    };
  });

/**
 * issue #38: a thread's messages are one tab stop with arrow keys inside, as the room's are. The focus
 * starts in the thread's box; `newest`, `before` are the last two messages, `first` the log's top row.
 */
async function expectThreadRowKeys(
  page: Page,
  partner: string,
  rows: { newest: string; before: string; first: string },
): Promise<void> {
  await page.keyboard.press("Shift+Tab");
  await expect.poll(async () => (await focused(page)).isRow).toBe(true);
  expect((await focused(page)).text).toContain(rows.newest);
  await page.keyboard.press("ArrowUp");
  expect((await focused(page)).text).toContain(rows.before);
  await page.keyboard.press("ArrowDown");
  expect((await focused(page)).text).toContain(rows.newest);
  await page.keyboard.press("Home");
  expect((await focused(page)).text).toContain(rows.first);
  await page.keyboard.press("End");
  expect((await focused(page)).text).toContain(rows.newest);
  await page.keyboard.press("ArrowUp");
  // One stop: Shift+Tab leaves the log at once, and Tab comes back to the message picked, not the newest.
  await page.keyboard.press("Shift+Tab");
  expect((await focused(page)).isRow).toBe(false);
  expect(await threadLog(page, partner).evaluate((log) => log.contains(document.activeElement))).toBe(false);
  await page.keyboard.press("Tab");
  expect((await focused(page)).isRow).toBe(true);
  expect((await focused(page)).text).toContain(rows.before);
}

/** How many strongly coloured pixels each emoji paints, drawn with its own font stack in black. */
const colouredPixels = (emoji: Locator) =>
  emoji.evaluateAll((spans) =>
    spans.map((span) => {
      const canvas = document.createElement("canvas");
      canvas.width = 64;
      canvas.height = 64;
      const context = canvas.getContext("2d");
      if (!context) return 0;
      context.font = `48px ${getComputedStyle(span).fontFamily}`;
      context.textBaseline = "top";
      context.fillStyle = "#000";
      context.fillText((span.textContent ?? "").trim(), 4, 4);
      const data = context.getImageData(0, 0, 64, 64).data;
      let coloured = 0;
      for (let index = 0; index < data.length; index += 4) {
        const [red = 0, green = 0, blue = 0, alpha = 0] = data.slice(index, index + 4);
        if (alpha > 0 && Math.max(red, green, blue) - Math.min(red, green, blue) > 60) coloured += 1;
      }
      return coloured;
    }),
  );

/** Tabs from where the focus is until the box `id` has it; the number of presses (the path in a failure). */
async function tabsTo(page: Page, id: string): Promise<number> {
  const path: string[] = [];
  for (let presses = 1; presses <= 12; presses += 1) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    if (now.id === id) {
      step(`Tab path to #${id}: ${path.join(" → ")} → #${id}`);
      return presses;
    }
    path.push(`${now.tag}${now.isRow ? "[row]" : ""} "${now.label || now.text.slice(0, 30)}"`);
  }
  throw new Error(`Tab never reached #${id}: ${path.join(" → ")}`);
}

describe("chat lists: the newest message, Jump to latest and the keyboard (issue #38)", () => {
  it("the room and a DM thread open on their newest message with a picture in the history, and Jump to latest counts what arrives", {
    timeout: 300_000,
  }, async () => {
    const baseUrl = server().baseUrl;
    const ana = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl });
    const ben = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl });
    for (const [page, person] of [
      [ana, ANA],
      [ben, BEN],
    ] as const) {
      await page.goto("/");
      await signUpVerified(page, server(), person);
    }
    const benId = await myId(ben);

    step(`history: a picture, then ${HISTORY} long messages, in the room and in a DM`);
    await enterRoom(ana);
    await ana
      .locator('input[type="file"]')
      .setInputFiles({ name: "sunset.png", mimeType: "image/png", buffer: gradientPng(160, 140) });
    await ana.getByTestId("staged-image").waitFor(WAIT);
    await ana.getByRole("textbox", { name: "Message the group" }).press("Enter");
    // AutoMod's classifier looks at the picture first: slow on a loaded machine.
    await roomLog(ana).locator('img[alt="Shared image"]').waitFor({ timeout: 60_000 });
    for (let index = 1; index <= HISTORY; index += 1) await sendMessage(ana, longLine(index));
    await roomLog(ana).getByText(`update ${HISTORY}`).waitFor(WAIT);

    // Ana writes in the DM from a second tab: the first stays in the room.
    const anaDm = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl });
    await anaDm.goto("/");
    await signIn(anaDm, ANA.email, PASSWORD);
    await gotoAndSettle(anaDm, `/group-chat/dm/${benId}`);
    await anaDm
      .getByTestId("dm-image-input")
      .setInputFiles({ name: "sky.png", mimeType: "image/png", buffer: gradientPng(160, 140) });
    await anaDm.getByTestId("staged-image").waitFor(WAIT);
    const dmBox = anaDm.getByRole("textbox", { name: `Message ${BEN.username}` });
    await dmBox.press("Enter");
    await threadLog(anaDm, BEN.username)
      .locator('img[alt="Shared image"]')
      .first()
      .waitFor({ timeout: 60_000 });
    for (let index = 1; index <= HISTORY; index += 1) {
      await dmBox.fill(longLine(index));
      await dmBox.press("Enter");
      await threadLog(anaDm, BEN.username).getByText(`update ${index}`).waitFor(WAIT);
    }

    const phone = await browser.newPage({ viewport: "phone", colorScheme: "dark", baseUrl });
    await phone.goto("/");
    await signIn(phone, BEN.email, PASSWORD);
    const anaId = await myId(ana);

    for (const [page, size, theme] of [
      [ben, "desktop", "light"],
      [phone, "phone", "dark"],
    ] as const) {
      step(`${size}: the room opens on its newest message while the picture loads late`);
      const releaseRoom = await holdPictures(page);
      await enterRoom(page);
      await expectOpensOnNewest(roomLog(page), releaseRoom, longLine(HISTORY));
      await screenshot(page, `chat-lists-room-opens-on-newest-${size}-${theme}`, { fullPage: false });
      const roomText = `room news for the ${size}`;
      const jumpInRoom = await expectJumpToLatest(
        page,
        roomLog(page),
        () => sendMessage(ana, roomText),
        roomText,
      );
      await jumpInRoom(`chat-lists-room-jump-to-latest-${size}-${theme}`);
      await page.unrouteAll();

      step(`${size}: the DM thread too`);
      const releaseThread = await holdPictures(page);
      await page.goto(`/group-chat/dm/${anaId}`);
      const log = threadLog(page, ANA.username);
      await expectOpensOnNewest(log, releaseThread, longLine(HISTORY));
      await screenshot(page, `chat-lists-dm-opens-on-newest-${size}-${theme}`, { fullPage: false });
      const dmText = `dm news for the ${size}`;
      const jumpInThread = await expectJumpToLatest(
        page,
        log,
        async () => {
          await dmBox.fill(dmText);
          await dmBox.press("Enter");
        },
        dmText,
      );
      await jumpInThread(`chat-lists-dm-jump-to-latest-${size}-${theme}`);
      await page.unrouteAll();
    }
  });

  it("the room's messages are one tab stop with arrow keys inside; headings take the focus on route changes; menus open on their first item", {
    timeout: 300_000,
  }, async () => {
    const baseUrl = server().baseUrl;
    const ana = await browser.newPage({ viewport: "desktop", colorScheme: "dark", baseUrl });
    const ben = await browser.newPage({ viewport: "phone", colorScheme: "light", baseUrl });
    for (const [page, person] of [
      [ana, ANA],
      [ben, BEN],
    ] as const) {
      await page.goto("/");
      await signIn(page, person.email, person.password);
    }

    step("twenty messages and more in the room (each may send ten in ten seconds)");
    const cara = await browser.newPage({ viewport: "desktop", colorScheme: "light", baseUrl });
    await cara.goto("/");
    await signUpVerified(cara, server(), CARA);
    await enterRoom(cara);
    for (let index = 1; index <= 10; index += 1) await sendMessage(cara, `cara says ${index}`);
    await enterRoom(ben);
    await roomLog(ben).getByText("cara says 10").waitFor(WAIT);
    for (let index = 1; index <= 10; index += 1) await sendMessage(ben, `ben says ${index}`);
    await roomLog(ben).getByText("ben says 10").waitFor(WAIT);
    const total = await roomLog(ben).getByTestId("group-message").count();
    expect(total).toBeGreaterThanOrEqual(20);

    step("desktop: a route change puts the focus on the h1; three Tabs at most reach the box");
    await gotoAndSettle(ana, "/group-chat/dm");
    await ana
      .getByRole("navigation", { name: "Group chat", exact: true })
      .getByRole("link", { name: /^Group chat/ })
      .click();
    await roomLog(ana).getByText("ben says 10").waitFor(WAIT);
    await expect.poll(async () => (await focused(ana)).tag).toBe("h1");
    expect((await focused(ana)).text).toBe("Group chat");
    expect(await tabsTo(ana, "group-composer")).toBeLessThanOrEqual(3);

    step("Shift+Tab: the newest message; Up, Home and End move between the messages");
    await ana.keyboard.press("Shift+Tab");
    await expect.poll(async () => (await focused(ana)).isRow).toBe(true);
    expect((await focused(ana)).text).toContain("ben says 10");
    await ana.keyboard.press("ArrowUp");
    expect((await focused(ana)).text).toContain("ben says 9");
    await ana.keyboard.press("ArrowDown");
    expect((await focused(ana)).text).toContain("ben says 10");
    await ana.keyboard.press("Home");
    expect((await focused(ana)).text).toContain("This is the start of the group chat.");
    await ana.keyboard.press("End");
    expect((await focused(ana)).text).toContain("ben says 10");
    await ana.keyboard.press("ArrowUp");
    await screenshot(ana, "chat-lists-row-focused-desktop-dark", { fullPage: false });
    const axe = axeAudit();
    await axe.checkBothThemes(ana, "room, a message focused");

    step("Enter goes into the message's actions, Tab along them, Escape back to the message");
    await ana.keyboard.press("Enter");
    // A message grouped under the one before has no name button: its first action is Reply.
    expect((await focused(ana)).label).toBe(`Reply to ${BEN.username}`);
    await ana.keyboard.press("Tab");
    expect((await focused(ana)).label).toBe(`Report message from ${BEN.username}`);
    await screenshot(ana, "chat-lists-row-actions-desktop-dark", { fullPage: false });
    await ana.keyboard.press("Escape");
    expect((await focused(ana)).isRow).toBe(true);
    expect((await focused(ana)).text).toContain("ben says 9");

    step("Reply by keyboard: the box takes the focus; Escape drops the reply");
    await ana.keyboard.press("Enter");
    await ana.keyboard.press("Enter");
    await ana.getByTestId("reply-preview").waitFor(WAIT);
    expect((await focused(ana)).id).toBe("group-composer");
    await ana.keyboard.type("kept text");
    await ana.keyboard.press("Escape");
    await ana.getByTestId("reply-preview").waitFor({ state: "detached", ...WAIT });
    expect(await ana.getByRole("textbox", { name: "Message the group" }).inputValue()).toBe("kept text");

    step("phone: the h1 after a route change, three Tabs at most to the box");
    await gotoAndSettle(ben, "/group-chat/dm");
    await ben
      .getByRole("navigation", { name: "Group chat pages" })
      .getByRole("link", { name: /^Group chat/ })
      .click();
    await roomLog(ben).getByText("ben says 10").waitFor(WAIT);
    await expect.poll(async () => (await focused(ben)).tag).toBe("h1");
    expect(await tabsTo(ben, "group-composer")).toBeLessThanOrEqual(3);
    await ben.keyboard.press("Shift+Tab");
    await ben.keyboard.press("ArrowUp");
    expect((await focused(ben)).text).toContain("ben says 9");
    await screenshot(ben, "chat-lists-row-focused-phone-light", { fullPage: false });

    step("desktop: a DM thread opened from the list puts the cursor in its box, as Discord does");
    const benId = await myId(ben);
    await gotoAndSettle(ana, "/group-chat/dm");
    await ana.locator(`a[href="/group-chat/dm/${benId}"]`).first().click();
    await threadLog(ana, BEN.username).waitFor(WAIT);
    await expect.poll(async () => (await focused(ana)).id).toBe("dm-composer");
    // The route's heading focus does not take it back once the thread's heading shows.
    await ana.getByRole("heading", { name: BEN.username }).waitFor(WAIT);
    await ana.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect((await focused(ana)).id).toBe("dm-composer");
    await screenshot(ana, "chat-lists-dm-box-focused-desktop-dark", { fullPage: false });

    step(
      "phone: no keyboard over the thread just opened; its name has the focus, three Tabs at most to the box",
    );
    const anaId = await myId(ana);
    await gotoAndSettle(ben, "/group-chat/dm");
    await ben.locator(`a[href="/group-chat/dm/${anaId}"]`).first().click();
    await threadLog(ben, ANA.username).waitFor(WAIT);
    await expect.poll(async () => (await focused(ben)).text).toBe(ANA.username);
    expect(await tabsTo(ben, "dm-composer")).toBeLessThanOrEqual(3);
    await screenshot(ben, "chat-lists-dm-box-tabbed-phone-light", { fullPage: false });

    step("the thread's menu opens on its first item");
    await ana.getByRole("button", { name: `Conversation options for ${BEN.username}` }).click();
    await expect.poll(async () => (await focused(ana)).tag).toBe("button");
    const firstItem = ana
      .locator(`[aria-label="Conversation options for ${BEN.username}"] + ul button`)
      .first();
    expect(await firstItem.evaluate((item) => item === document.activeElement)).toBe(true);
    await screenshot(ana, "chat-lists-menu-open-desktop-dark", { fullPage: false });
    await ana.keyboard.press("Escape");

    step("the thread's messages: one tab stop, Up, Down, Home and End inside (desktop, then phone)");
    const threadRows = {
      newest: "dm news for the phone",
      before: "dm news for the desktop",
      first: `This is the start of your conversation with ${BEN.username}.`,
    };
    await ana.getByRole("textbox", { name: `Message ${BEN.username}` }).click();
    await expectThreadRowKeys(ana, BEN.username, threadRows);
    await screenshot(ana, "chat-lists-dm-row-focused-desktop-dark", { fullPage: false });
    await axe.checkBothThemes(ana, "thread, a message focused");
    await ben.getByRole("textbox", { name: `Message ${ANA.username}` }).click();
    await expectThreadRowKeys(ben, ANA.username, {
      ...threadRows,
      first: `This is the start of your conversation with ${ANA.username}.`,
    });
    await screenshot(ben, "chat-lists-dm-row-focused-phone-light", { fullPage: false });
    await axe.checkBothThemes(ben, "thread on a phone, a message focused");

    step("the account menu opens on its first item; arrow keys move along");
    await ben.getByRole("button", { name: `Account menu for ${BEN.username}` }).click();
    await expect.poll(async () => (await focused(ben)).text).toBe("Dashboard");
    await ben.keyboard.press("ArrowDown");
    expect((await focused(ben)).text).toBe("Settings");
    await screenshot(ben, "chat-lists-account-menu-phone-light", { fullPage: false });
    await ben.keyboard.press("Escape");
    expect((await focused(ben)).label).toBe(`Account menu for ${BEN.username}`);
    axe.assertClean();
  });

  it("a random-chat match puts the cursor in the box, and Escape cancels a reply", {
    timeout: 150_000,
  }, async () => {
    const a = await browser.newPage({ viewport: "desktop", colorScheme: "light" });
    const b = await browser.newPage({ viewport: "phone", colorScheme: "dark" });
    for (const [page, gender, preference] of [
      [a, "Male", "Women"],
      [b, "Female", "Men"],
    ] as const) {
      await pickChoices(page, gender, preference);
      await page.getByRole("checkbox", { name: ADULT_CONFIRMATION }).check();
      await page.getByRole("button", { name: "Start Chatting" }).click();
    }
    for (const page of [a, b]) {
      await page.getByRole("textbox", { name: "Message" }).waitFor(WAIT);
      await expect.poll(async () => (await focused(page)).id).toBe("chat-composer");
    }
    await screenshot(b, "chat-lists-random-match-focus-phone-dark", { fullPage: false });

    await a.keyboard.type("Hello from A");
    await a.keyboard.press("Enter");
    const log = b.getByRole("log", { name: "Messages" });
    await log.getByText("Hello from A").waitFor(WAIT);
    await log.getByRole("button", { name: /^Reply to Stranger: Hello from A/ }).click();
    await b.getByTestId("reply-preview").waitFor(WAIT);
    expect((await focused(b)).id).toBe("chat-composer");
    await screenshot(b, "chat-lists-random-reply-phone-dark", { fullPage: false });
    await b.keyboard.press("Escape");
    await b.getByTestId("reply-preview").waitFor({ state: "detached", ...WAIT });
    expect((await focused(b)).id).toBe("chat-composer");
    await screenshot(a, "chat-lists-random-match-desktop-light", { fullPage: false });
  });

  it("reactions' emoji are drawn in colour: the home page's sample and the confession wall's bar", async () => {
    const baseUrl = server().baseUrl;
    for (const [viewport, colorScheme] of [
      ["desktop", "dark"],
      ["phone", "light"],
    ] as const) {
      const page = await browser.newPage({ viewport, colorScheme, baseUrl });
      await gotoAndSettle(page, "/");
      const emoji = page.getByRole("list", { name: "Reactions" }).first().locator(".font-emoji");
      await emoji.first().scrollIntoViewIfNeeded();
      expect(await emoji.count()).toBeGreaterThan(0);
      expect((await colouredPixels(emoji)).every((count) => count > 50)).toBe(true);
      await screenshot(page, `chat-lists-reactions-${viewport}-${colorScheme}`, { fullPage: false });

      step(`${viewport}: the confession wall's reaction bar`);
      await signInAsGuest(page, `wall_${viewport}`, "other");
      const content = `A confession to react to, from the ${viewport}`;
      const posted = await page.evaluate(
        async (body) =>
          (
            await fetch("/api/confessions", {
              method: "POST",
              credentials: "include",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify(body),
            })
          ).status,
        { id: randomUUID(), content },
      );
      expect(posted).toBe(201);
      // Settled: the start-up loading screen, drawn over the page until the session is in, has gone.
      await gotoAndSettle(page, "/group-chat/confession-wall");
      const bar = page
        .getByTestId("confession")
        .filter({ hasText: content })
        .getByRole("group", { name: "Reactions" });
      await bar.waitFor(WAIT);
      const wallEmoji = bar.locator(".font-emoji");
      expect(await wallEmoji.count()).toBe(6);
      expect((await colouredPixels(wallEmoji)).every((count) => count > 50)).toBe(true);
      await bar.scrollIntoViewIfNeeded();
      await screenshot(page, `chat-lists-wall-reactions-${viewport}-${colorScheme}`, { fullPage: false });
    }
  });
});

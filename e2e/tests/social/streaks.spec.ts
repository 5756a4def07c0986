import { genderColour } from "@heartline/shared";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoAndSettle, screenshot, useBrowser, type ViewportName } from "../../support/browser";
import { useOwnServer } from "../../support/server";
import { type ApiUser, befriendViaApi, registerViaApi, sendDmViaApi, signInPage } from "./streak-api";

const browser = useBrowser();
const DAY_MS = 86_400_000;
const WAIT = { timeout: 20_000 };

function step(name: string): void {
  process.stdout.write(`[streaks e2e ${new Date().toISOString().slice(11, 19)}] ${name}\n`);
}

/** A simulated day starts at 10:00 UTC, so no step runs into its midnight however late the suite runs. */
const DAY_STARTS_AT_MS = 10 * 3_600_000;

/**
 * One server for the whole journey, its clock moved to 10:00 UTC of day N (counted from today's UTC date)
 * through the test-only `POST /api/test/clock` (`TEST_CLOCK=1`, issue #37) instead of a restart per day.
 * A real clock plus N days would cross midnight whenever the suite ran near it (a CI run at 23:58 saw
 * day 3's streak read "breaking"). Its own server, not the worker's: the leaderboard must hold only this
 * file's pairs.
 */
function useDailyServer() {
  const server = useOwnServer(
    { TEST_CLOCK: "1", HUMAN_CHECK: "off", AUTH_RATE_LIMIT_SCALE: "100" },
    { isOwnOrigin: true },
  );
  let today = 0;
  let offsetMs = 0;
  const pages: Page[] = [];
  const offsetOf = (day: number) => today + day * DAY_MS + DAY_STARTS_AT_MS - Date.now();
  beforeAll(() => {
    today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  });
  afterAll(async () => {
    // Before the server stops (its afterAll runs after this one), so no open socket holds its shutdown up.
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
  });
  const baseUrl = () => server().baseUrl;
  return {
    baseUrl,
    /** The server's clock now. */
    now: () => Date.now() + offsetMs,
    /** Pages of this day: closed when the day ends, so no page's own clock outlives its day. */
    pages,
    async startDay(day: number) {
      await Promise.all(pages.splice(0).map((page) => page.context().close()));
      offsetMs = offsetOf(day);
      const response = await fetch(`${baseUrl()}/api/test/clock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ offsetMs }),
      });
      expect(response.status).toBe(200);
      const { now } = (await response.json()) as { now: number };
      step(`day ${day}: the server's clock at ${new Date(now).toISOString()}`);
      expect(new Date(now).toISOString().slice(0, 13)).toBe(
        new Date(today + day * DAY_MS + DAY_STARTS_AT_MS).toISOString().slice(0, 13),
      );
    },
  };
}

const daily = useDailyServer();

const person = (username: string, gender = "female") => ({
  username,
  email: `${username}@streaks.test`,
  gender,
});

interface View {
  viewport: ViewportName;
  colorScheme: "light" | "dark";
}

/** A page signed in as `user` whose clock reads the server's day (so "hours left" is today's). */
async function openAs(user: ApiUser, path: string, view: View): Promise<Page> {
  const page = await browser.newPage({ ...view, baseUrl: daily.baseUrl() });
  daily.pages.push(page);
  await page.clock.install({ time: daily.now() });
  await signInPage(page, daily.baseUrl(), user);
  if (path.startsWith("/group-chat/dm/")) {
    // A phone shows the open thread without the list's h1, so wait for the thread itself.
    await page.goto(path);
    await page.getByRole("textbox", { name: /^Message / }).waitFor(WAIT);
  } else {
    await gotoAndSettle(page, path);
  }
  return page;
}

const threadPath = (partner: ApiUser) => `/group-chat/dm/${encodeURIComponent(partner.id)}`;
const threadLog = (page: Page, partner: ApiUser) =>
  page.getByRole("log", { name: `Messages with ${partner.username}` });
const headerStreak = (page: Page) => page.getByTestId("thread-streak").getByTestId("streak-indicator");

async function expectHeaderStreak(page: Page, count: number, status: string): Promise<void> {
  const indicator = headerStreak(page);
  await page.locator(`[data-testid="thread-streak"] [data-status="${status}"]`).waitFor(WAIT);
  expect(await indicator.getAttribute("data-count")).toBe(String(count));
}

async function sendInThread(page: Page, partner: ApiUser, text: string): Promise<void> {
  const box = page.getByRole("textbox", { name: `Message ${partner.username}` });
  await box.waitFor(WAIT);
  await box.fill(text);
  await box.press("Enter");
}

/** "#2563eb" as the browser computes it: "rgb(37, 99, 235)". */
const rgbOf = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(", ")})`;

/**
 * Issue #38: `user`'s leaderboard avatar is circled in their gender's colour (spec §3), the shade of the
 * page's theme: the ring's colour name, and the colour its box-shadow actually paints.
 */
async function expectGenderRing(page: Page, user: ApiUser, gender: string, scheme: "light" | "dark") {
  const colour = genderColour(gender);
  const ring = page
    .getByTestId("leaderboard-row")
    .filter({ hasText: user.username })
    .locator("[data-gender-ring]");
  expect(await ring.getAttribute("data-gender-ring")).toBe(colour.name);
  const painted = await ring.evaluate((element) => getComputedStyle(element).boxShadow);
  expect(painted).toContain(rgbOf(scheme === "dark" ? colour.dark : colour.light));
}

/**
 * Signed in, the top bar holds the pill, the theme toggle, the avatar and the menu: on a 390 px phone
 * "2 online" once wrapped onto two lines. It must stay on one line there and on a 320 px phone, where
 * the page must not be wider than the screen.
 */
async function expectOnlinePillOnOneLine(page: Page): Promise<void> {
  const pill = page.getByTestId("online-count");
  const oneLine = () =>
    pill.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.height <= Number.parseFloat(getComputedStyle(element).lineHeight) + 1;
    });
  expect(await oneLine()).toBe(true);
  const viewport = page.viewportSize();
  if (!viewport || viewport.width > 390) return;
  await page.setViewportSize({ width: 320, height: viewport.height });
  expect(await oneLine()).toBe(true);
  // Nothing wider than the phone either (the list's names once set the page's width, 8 px too wide).
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > 320.5)
      .map((element) => `${element.tagName}.${element.className}`.slice(0, 120)),
  );
  expect(wide).toEqual([]);
  await page.setViewportSize(viewport);
}

describe("daily DM streaks (issue #12)", () => {
  it("friends build a streak day by day, earn the 3-day badge, see it break, and rank on /leaderboard", {
    timeout: 600_000,
  }, async () => {
    const base = daily.baseUrl;
    await daily.startDay(0);
    step("seed: four friend pairs through the real API");
    const [ana, ben, xena, xavi, yara, yuri, zoe, zed] = await Promise.all(
      [
        person("ana_streak"),
        person("ben_streak", "male"),
        person("xena_streak"),
        person("xavi_streak", "male"),
        person("yara_streak"),
        person("yuri_streak", "male"),
        person("zoe_streak"),
        person("zed_streak", "male"),
      ].map((who) => registerViaApi(base(), who)),
    );
    if (!ana || !ben || !xena || !xavi || !yara || !yuri || !zoe || !zed) throw new Error("seed failed");
    for (const [one, two] of [
      [ana, ben],
      [xena, xavi],
      [yara, yuri],
      [zoe, zed],
    ] as const) {
      await befriendViaApi(base(), one, two);
    }
    const chat = async (one: ApiUser, two: ApiUser) => {
      await sendDmViaApi(base(), one, two, `hi ${two.username}`);
      await sendDmViaApi(base(), two, one, `hey ${one.username}`);
    };
    // Xena and Xavi start on day 0 (4 days by day 3), Yara and Yuri on day 2, Zoe and Zed on day 3.
    await chat(xena, xavi);

    await daily.startDay(1);
    await chat(xena, xavi);
    step("day 1: Ana writes, Ben answers: the flame shows 1 and a toast says so");
    const day1 = await openAs(ana, threadPath(ben), { viewport: "desktop", colorScheme: "light" });
    await sendInThread(day1, ben, "Hi Ben, day one!");
    await sendDmViaApi(base(), ben, ana, "Hi Ana!");
    await expectHeaderStreak(day1, 1, "active");
    await day1.getByText(`🔥 Your streak with ${ben.username} is now 1 day`).waitFor(WAIT);
    const row = day1.getByTestId("conversation-row").filter({ hasText: ben.username });
    expect(await row.getByTestId("streak-indicator").getAttribute("data-count")).toBe("1");

    await daily.startDay(2);
    await chat(xena, xavi);
    await chat(yara, yuri);
    step("day 2: one more message makes it 2");
    const day2 = await openAs(ana, threadPath(ben), { viewport: "desktop", colorScheme: "dark" });
    await expectHeaderStreak(day2, 1, "breaking");
    await sendInThread(day2, ben, "Day two!");
    await expectHeaderStreak(day2, 2, "active");
    await day2.getByText(`🔥 Your streak with ${ben.username} is now 2 days`).waitFor(WAIT);

    await daily.startDay(3);
    await chat(xena, xavi);
    await chat(yara, yuri);
    await chat(zoe, zed);
    step("day 3: 3 days, and the 3-day badge with its tooltip");
    const day3 = await openAs(ana, threadPath(ben), { viewport: "desktop", colorScheme: "light" });
    await sendInThread(day3, ben, "Day three!");
    await expectHeaderStreak(day3, 3, "active");
    await day3.getByRole("status").filter({ hasText: "Earned with" }).waitFor(WAIT);
    const badge = day3.getByTestId("thread-streak").getByRole("img", { name: "3 Day Streak Achievement" });
    expect(await badge.getAttribute("title")).toBe("3 Day Streak Achievement");
    await badge.focus();
    await badge.getByText("3 Day Streak Achievement").waitFor({ state: "visible", ...WAIT });

    step("day 3: /leaderboard ranks the pairs by streak length");
    await gotoAndSettle(day3, "/leaderboard");
    const rows = day3.getByTestId("leaderboard-row");
    await expect.poll(() => rows.count(), WAIT).toBe(8);
    const everyone = [ana, ben, xena, xavi, yara, yuri, zoe, zed].map((user) => user.username);
    const names = (await rows.allTextContents()).map((text) => everyone.find((name) => text.includes(name)));
    const pairs = [names.slice(0, 2), names.slice(2, 4), names.slice(4, 6), names.slice(6, 8)].map((pair) =>
      [...pair].sort(),
    );
    expect(pairs).toEqual([
      ["xavi_streak", "xena_streak"],
      ["ana_streak", "ben_streak"],
      ["yara_streak", "yuri_streak"],
      ["zed_streak", "zoe_streak"],
    ]);
    expect(await rows.nth(2).textContent()).toContain("3 day streak");
    expect(await rows.nth(2).getByRole("img", { name: "3 Day Streak Achievement" }).count()).toBe(1);
    await expectGenderRing(day3, ana, "female", "light");
    await expectGenderRing(day3, ben, "male", "light");

    step("day 3: screenshots on phone and desktop, dark and light");
    for (const viewport of ["phone", "desktop"] as const) {
      for (const colorScheme of ["dark", "light"] as const) {
        const page = await openAs(ana, threadPath(ben), { viewport, colorScheme });
        await expectHeaderStreak(page, 3, "active");
        await threadLog(page, ben).getByText("Day three!").waitFor(WAIT);
        await screenshot(page, `streaks-thread-${viewport}-${colorScheme}`, { fullPage: false });
        await gotoAndSettle(page, "/group-chat/friends");
        await page.getByTestId("friend-row").getByTestId("streak-indicator").waitFor(WAIT);
        await screenshot(page, `streaks-friends-${viewport}-${colorScheme}`);
        await gotoAndSettle(page, "/leaderboard");
        await page.getByTestId("leaderboard-row").first().waitFor(WAIT);
        await expectGenderRing(page, xena, "female", colorScheme);
        await expectGenderRing(page, xavi, "male", colorScheme);
        await expectOnlinePillOnOneLine(page);
        await screenshot(page, `streaks-leaderboard-${viewport}-${colorScheme}`);
        await page.context().close();
      }
    }

    await daily.startDay(4);
    step("day 4, no message: breaking, with the warning and the hours left");
    const day4 = await openAs(ana, threadPath(ben), { viewport: "desktop", colorScheme: "dark" });
    await expectHeaderStreak(day4, 3, "breaking");
    const warning = day4.getByTestId("streak-breaking-warning");
    await warning.waitFor(WAIT);
    expect(await warning.textContent()).toMatch(
      /^Send a message before midnight UTC to keep your 3-day streak · (\d+ hours?|less than a minute) left$/,
    );
    const rowDay4 = day4.getByTestId("conversation-row").filter({ hasText: ben.username });
    expect(await rowDay4.getByTestId("streak-indicator").getAttribute("data-status")).toBe("breaking");
    await screenshot(day4, "streaks-thread-breaking-desktop-dark", { fullPage: false });
    const phone4 = await openAs(ana, threadPath(ben), { viewport: "phone", colorScheme: "light" });
    await phone4.getByTestId("streak-breaking-warning").waitFor(WAIT);
    await threadLog(phone4, ben).getByText("Day three!").waitFor(WAIT);
    await screenshot(phone4, "streaks-thread-breaking-phone-light", { fullPage: false });

    await daily.startDay(5);
    step("day 5: broken, no warning, off the leaderboard");
    const day5 = await openAs(ana, threadPath(ben), { viewport: "desktop", colorScheme: "light" });
    await expectHeaderStreak(day5, 0, "broken");
    expect(await day5.getByTestId("streak-breaking-warning").count()).toBe(0);
    await gotoAndSettle(day5, "/group-chat/friends");
    await day5.locator('[data-testid="friend-row"] [data-status="broken"]').waitFor(WAIT);
    await gotoAndSettle(day5, "/leaderboard");
    await day5.getByTestId("leaderboard-empty").waitFor(WAIT);
  });
});

import { describe, expect, it } from "vitest";
import { gotoAndSettle, useBrowser } from "../../support/browser";
import { pathnameOf, textOf } from "../../support/page-facts";

const browser = useBrowser();

describe("landing page demo conversation (spec §1 static sample data, §9 demo chat timing)", () => {
  it("the demo conversation animates: messages are added and the typing indicator shows", async () => {
    const page = await browser.newPage();
    await gotoAndSettle(page, "/");
    const demo = page.getByTestId("demo-chat");
    await demo.scrollIntoViewIfNeeded();
    expect(await page.getByRole("region", { name: "Demo conversation" }).count()).toBe(1);
    const messages = demo.getByTestId("demo-message");
    const before = await messages.count();
    // spec §9: the demo advances every 1-2 s, so ~4 s brings at least one new message.
    await expect.poll(() => messages.count(), { timeout: 6_000, interval: 200 }).toBeGreaterThan(before);
    await expect
      .poll(() => demo.getByTestId("demo-typing").isVisible(), { timeout: 8_000, interval: 100 })
      .toBe(true);
  });

  it("once the page is live its motion plays by the Web Animations API, and the typing dots go on bouncing (issue #36)", async () => {
    // React listens for animation events on its roots; Chromium then runs every *CSS* animation on the
    // main thread, each frame (lib/compositor-motion.ts). So none may run once the first island is live.
    const page = await browser.newPage({ viewport: "phone" });
    await gotoAndSettle(page, "/");
    const demo = page.getByTestId("demo-chat");
    await demo.scrollIntoViewIfNeeded();
    const messages = demo.getByTestId("demo-message");
    const before = await messages.count();
    const kinds = new Set<string>();
    let dotsBounced = false;
    // Sampled across at least one step of the conversation (1-2 s), so that a line React adds is seen too.
    const sample = async () => {
      const running = await page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.playState === "running")
          .map((animation) => ({
            kind: animation.constructor.name,
            isLoop: animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
            isDot:
              (animation.effect as KeyframeEffect | null)?.target?.closest("[data-testid=demo-typing]") !=
              null,
          })),
      );
      for (const { kind } of running) kinds.add(kind);
      dotsBounced ||= running.filter(({ isDot, isLoop }) => isDot && isLoop).length === 3;
      return dotsBounced && (await messages.count()) > before;
    };
    await expect.poll(sample, { timeout: 8_000, interval: 100 }).toBe(true);
    expect([...kinds]).toEqual(["Animation"]);
  });

  it("the progress counter climbs in steps of 10 up to 100", async () => {
    const page = await browser.newPage();
    // The page's timers run on a fake clock, so the climb does not take its ten seconds of real time.
    await page.clock.install();
    await gotoAndSettle(page, "/");
    const progress = page.getByTestId("demo-progress");
    const seen = new Set<number>();
    // The demo starts once the page has settled (3 s after load untouched), then climbs for 10 s.
    for (let step = 0; step < 100 && !seen.has(100); step += 1) {
      seen.add(Number(await textOf(progress)));
      await page.clock.runFor(250);
    }
    expect(seen.has(100), `values seen: ${[...seen].join(", ")}`).toBe(true);
    for (const value of seen) expect(value % 10, `progress value ${value}`).toBe(0);
    expect(seen.size).toBeGreaterThan(2);
  });

  it("the demo inputs are disabled and marked as a demo", async () => {
    const page = await browser.newPage();
    await gotoAndSettle(page, "/");
    for (const label of ["Demo message (disabled)", "Demo confession (disabled)"]) {
      const input = page.getByLabel(label, { exact: true });
      expect(await input.count(), label).toBe(1);
      expect(await input.isDisabled(), label).toBe(true);
    }
    expect(await page.getByText("Demo", { exact: true }).count()).toBeGreaterThanOrEqual(1);
  });

  it("the landing page shows the sample stats, sections and calls to action", async () => {
    const page = await browser.newPage();
    await gotoAndSettle(page, "/");
    for (const name of ["New Features", "Leaderboard", "Confession Wall"]) {
      expect(await page.getByRole("heading", { level: 2, name, exact: true }).count(), name).toBe(1);
    }
    const text = await textOf(page.locator("main"));
    for (const stat of ["2,345", "99%", "24/7"]) expect(text).toContain(stat);
    expect(text).toMatch(/coming soon/i);
    const starts = page.getByRole("link", { name: "Start Chatting", exact: true });
    expect(await starts.count()).toBeGreaterThanOrEqual(2);
  });

  it("Start Chatting goes to /chat", async () => {
    const page = await browser.newPage();
    await gotoAndSettle(page, "/");
    await page.getByRole("link", { name: "Start Chatting", exact: true }).first().click();
    await expect.poll(() => pathnameOf(page)).toBe("/chat");
    await page.getByRole("heading", { level: 1 }).waitFor({ state: "visible" });
  });
});

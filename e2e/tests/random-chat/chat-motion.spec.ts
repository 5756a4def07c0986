import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { gotoAndSettle, useBrowser } from "../../support/browser";
import { ADULT_CONFIRMATION, pickChoices } from "./chat-picker";

const browser = useBrowser();

/**
 * The page's animations: their kind (`CSSAnimation` or the Web Animations API's `Animation`), whether
 * they run, loop, and lie inside `within` (a selector).
 */
function animationsOf(page: Page, within: string) {
  return page.evaluate(
    (selector) =>
      document.getAnimations().map((animation) => ({
        kind: animation.constructor.name,
        isRunning: animation.playState === "running",
        isLoop: animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        isWithin: (animation.effect as KeyframeEffect | null)?.target?.closest(selector) != null,
      })),
    within,
  );
}

// React listens for animation events on its root; Chromium then runs every *CSS* animation on the main
// thread, each frame (lib/compositor-motion.ts). So none may be a CSS animation once /chat is live.
describe("/chat's motion plays by the Web Animations API (issue #36)", () => {
  it("once the prerendered page is live, the top bar's ping is a Web Animations animation", async () => {
    const page = await browser.newPage({ viewport: "desktop" });
    await gotoAndSettle(page, "/chat");
    // The ping plays three times, then keeps its last frame (fill forwards), so it is listed either way.
    // A CSS transition may be under way somewhere (a colour easing in): those end by themselves; no
    // CSS animation may be left.
    const animations = await animationsOf(page, "header");
    const inHeader = animations.filter(({ isWithin, kind }) => isWithin && kind !== "CSSTransition");
    expect(inHeader.map(({ kind }) => kind)).toEqual(["Animation"]);
    expect(animations.map(({ kind }) => kind)).not.toContain("CSSAnimation");
  });

  it("while searching, the ping and the spinner go on looping, by the Web Animations API", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await pickChoices(page, "Male", "Women");
    const adult = page.getByRole("checkbox", { name: ADULT_CONFIRMATION });
    if (await adult.isVisible()) await adult.check();
    await page.getByRole("button", { name: "Start Chatting" }).click();
    await page.getByRole("heading", { level: 1, name: "Looking for someone…" }).waitFor();
    const searching = "section[aria-labelledby=searching-heading]";
    await expect
      .poll(
        async () =>
          (await animationsOf(page, searching)).filter(
            ({ isWithin, isLoop, isRunning }) => isWithin && isLoop && isRunning,
          ).length,
        { timeout: 5_000, interval: 100 },
      )
      .toBe(2);
    const kinds = (await animationsOf(page, "body")).map(({ kind }) => kind);
    expect(kinds).toContain("Animation");
    expect(kinds).not.toContain("CSSAnimation");
  });
});

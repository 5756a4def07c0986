import type { Page } from "playwright-core";
import { expect } from "vitest";
import { WAIT } from "../group-chat/group-chat-helpers";

const MARK = "__heartlineNotReloaded";

/**
 * Marks the document now on `page`; `isSameDocument` is then true only while no reload or navigation
 * replaced it: what a page showed after that came from pushes, not from loading it again.
 */
export async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate((mark) => {
    (window as unknown as Record<string, boolean>)[mark] = true;
  }, MARK);
  return () => page.evaluate((mark) => (window as unknown as Record<string, boolean>)[mark] === true, MARK);
}

/**
 * Records, from now on, whether anything matching `selector` was ever in the document, however briefly
 * (a MutationObserver sees a state a poll between two renders would miss).
 */
export async function watchForEver(page: Page, selector: string): Promise<() => Promise<boolean>> {
  const key = `__heartlineSeen:${selector}`;
  await page.evaluate(
    ({ what, slot }) => {
      const store = window as unknown as Record<string, boolean>;
      store[slot] = document.querySelector(what) !== null;
      new MutationObserver(() => {
        if (document.querySelector(what)) store[slot] = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    },
    { what: selector, slot: key },
  );
  return () => page.evaluate((slot) => (window as unknown as Record<string, boolean>)[slot] === true, key);
}

/**
 * Counts the socket frames `page` receives that carry `event` (attach before the page opens its socket:
 * every socket of the page from then on is heard). Read `count()` before the action, then `beyond(it)`
 * waits for a push the action caused (it may have come before the wait began).
 */
export function countPushes(page: Page, event: string) {
  let received = 0;
  page.on("websocket", (socket) => {
    socket.on("framereceived", ({ payload }) => {
      if (String(payload).includes(`"${event}"`)) received += 1;
    });
  });
  return {
    count: () => received,
    async beyond(seen: number) {
      await expect.poll(() => received, WAIT).toBeGreaterThan(seen);
    },
  };
}

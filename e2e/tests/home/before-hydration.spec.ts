import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type NewPageOptions, useBrowser } from "../../support/browser";
import { THEMED_LANDING_ROUTES } from "../../support/routes";

// issue #36: a prerendered public page works before its script has run. Its links are plain links and
// the two calls to action do what they say; a visitor's click in the first moments after load is never
// lost. The islands' script (src/public-entry.tsx) is the only script such a page runs.

const browser = useBrowser();

const GUEST_DIALOG = { name: "Join Chat Room" } as const;
const LOOKS: Required<Pick<NewPageOptions, "colorScheme" | "viewport">>[] = [
  { colorScheme: "light", viewport: "phone" },
  { colorScheme: "dark", viewport: "desktop" },
];

/** Holds back the public pages' script, so the page stays as the server sent it. */
async function withoutIslands(page: Page): Promise<void> {
  await page.route(/\/assets\/public-[^/]+\.js$/, (route) => route.abort());
}

function hydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => !document.getElementById("root")?.hasAttribute("data-prerendered-path"));
}

describe("a public page before its script has run (issue #36)", () => {
  it.each(LOOKS)(
    "Start Chatting, clicked the moment / is parsed, opens /chat ($colorScheme, $viewport)",
    async ({ colorScheme, viewport }) => {
      const page = await browser.newPage({ colorScheme, viewport });
      await page.goto("/", { waitUntil: "domcontentloaded" });
      await page.getByRole("link", { name: "Start Chatting" }).first().click();
      await page.waitForURL((url) => url.pathname === "/chat");
    },
  );

  it.each(LOOKS)(
    "Join Chat Room, clicked the moment / is parsed, opens the guest modal ($colorScheme, $viewport)",
    async ({ colorScheme, viewport }) => {
      const page = await browser.newPage({ colorScheme, viewport });
      await page.goto("/", { waitUntil: "domcontentloaded" });
      await page.getByRole("button", { name: "Join Chat Room", exact: true }).click();
      // Live, the click opens it in place; not yet, the form goes to the room, whose guard opens it at home.
      await page.getByRole("dialog", GUEST_DIALOG).waitFor({ state: "visible", timeout: 20_000 });
      expect(new URL(page.url()).pathname).toBe("/");
    },
  );

  it("Join Chat Room works with the page's script held back: the room's guard opens the guest modal", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await withoutIslands(page);
    await page.goto("/", { waitUntil: "load" });
    expect(await hydrated(page)).toBe(false);
    await page.getByRole("button", { name: "Join Chat Room", exact: true }).click();
    await page.getByRole("dialog", GUEST_DIALOG).waitFor({ state: "visible", timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("every link of the public pages is a plain link, and one followed goes to its page", async () => {
    const page = await browser.newPage({ viewport: "desktop" });
    await withoutIslands(page);
    for (const path of ["/", "/about", THEMED_LANDING_ROUTES[0] ?? "/"]) {
      await page.goto(path, { waitUntil: "load" });
      const links = await page
        .locator("a")
        .evaluateAll((anchors) =>
          anchors.map((anchor) => ({ text: anchor.textContent?.trim(), href: anchor.getAttribute("href") })),
        );
      expect(links.length, path).toBeGreaterThan(5);
      for (const link of links) {
        expect(link.href, `${link.text} on ${path}`).toMatch(/^(\/[^\s]*|#[\w-]+|https:\/\/\S+|mailto:\S+)$/);
      }
    }
    await page.goto("/", { waitUntil: "load" });
    await page.getByRole("banner").getByRole("link", { name: "About", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/about");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await page.waitForURL((url) => url.pathname === "/privacy");
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
  });

  it("the demo conversation animates before its code has loaded, and goes on once it has", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const demo = page.getByTestId("demo-chat");
    // The server's markup: the first line, and the typing dots bounce (CSS) until the script is in.
    expect(await demo.getByTestId("demo-message").count()).toBe(1);
    expect(await demo.getByTestId("demo-typing").isVisible()).toBe(true);
    await expect
      .poll(() => demo.getByTestId("demo-message").count(), { timeout: 15_000, interval: 200 })
      .toBeGreaterThanOrEqual(3);
    await expect.poll(() => hydrated(page)).toBe(true);
  });
});

import { chromium } from "playwright-core";
import { inject } from "vitest";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The flags the machine's notes ask for (README, "The machine"). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Browser UI that headless Chromium 156 builds for every new context although no test can see it: the
 * omnibox popup's two WebUI pages (`chrome://omnibox-popup.top-chrome/` and its `omnibox_popup_aim.html`),
 * a renderer of about 0.45 s of CPU per context, and the suite opens about 300 contexts
 * (docs/test-speed.md, fifth pass).
 */
export const UNSEEN_BROWSER_UI_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

const DISABLE_FEATURES = "--disable-features=";

declare module "vitest" {
  export interface ProvidedContext {
    /** Playwright's own `--disable-features=…` switch for this Chromium, read once (global-setup.ts). */
    playwrightDisableFeatures: string;
  }
}

/**
 * Playwright's own `--disable-features` switch, as its launch passes it. Chromium keeps only the last
 * `--disable-features`, so ours must carry Playwright's list too; the list lives inside playwright-core's
 * bundle, not its API, so it is read from a launched browser's command line (which Chromium answers only
 * with `--enable-automation`). Run once per suite.
 */
export async function readPlaywrightDisableFeatures(): Promise<string> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, "--enable-automation"],
  });
  try {
    const session = await browser.newBrowserCDPSession();
    const { arguments: switches } = await session.send("Browser.getBrowserCommandLine");
    const found = switches.filter((value) => value.startsWith(DISABLE_FEATURES));
    if (found.length !== 1) {
      throw new Error(`expected one ${DISABLE_FEATURES}… switch from Playwright, found ${found.length}`);
    }
    return found[0] as string;
  } finally {
    await browser.close();
  }
}

/** Launch options for the worker's Chromium: Playwright's switch replaced by one that also lists ours. */
export function chromiumLaunchOptions(): {
  executablePath: string;
  args: string[];
  ignoreDefaultArgs: string[];
} {
  const playwrights = inject("playwrightDisableFeatures");
  if (!playwrights?.startsWith(DISABLE_FEATURES)) {
    throw new Error("Playwright's --disable-features switch was not read (e2e/support/global-setup.ts)");
  }
  return {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, [playwrights, ...UNSEEN_BROWSER_UI_FEATURES].join(",")],
    ignoreDefaultArgs: [playwrights],
  };
}

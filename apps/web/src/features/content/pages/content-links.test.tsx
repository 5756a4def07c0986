import { cleanup, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { THEMED_LANDING_SLUGS } from "../landing/landing-slugs";
import { renderPage } from "../test/render-page";
import { AboutPage } from "./about-page";
import { ContactPage } from "./contact-page";
import { CookiesPage } from "./cookies-page";
import { GuidelinesPage } from "./guidelines-page";
import { HelpPage } from "./help-page";
import { PrivacyPage } from "./privacy-page";
import { TermsPage } from "./terms-page";
import { ThemedLandingPage } from "./themed-landing-page";

// spec §2 Screens and routes: every path a content page may link to.
const APP_ROUTES = new Set([
  "/",
  "/chat",
  "/settings",
  "/leaderboard",
  ...THEMED_LANDING_SLUGS.map((slug) => `/${slug}`),
]);

const PAGES_BY_PATH: Record<string, () => ReactElement> = {
  "/about": () => <AboutPage />,
  "/guidelines": () => <GuidelinesPage />,
  "/help": () => <HelpPage />,
  "/terms": () => <TermsPage />,
  "/privacy": () => <PrivacyPage />,
  "/cookies": () => <CookiesPage />,
  "/contact": () => <ContactPage />,
  ...Object.fromEntries(
    THEMED_LANDING_SLUGS.map((slug) => [`/${slug}`, () => <ThemedLandingPage slug={slug} />]),
  ),
};

function internalHrefsOf(page: ReactElement): string[] {
  renderPage(page);
  const hrefs = screen
    .getAllByRole("link")
    .map((link) => link.getAttribute("href") ?? "")
    .filter((href) => href.startsWith("/"));
  cleanup();
  return hrefs;
}

describe("links between content pages", () => {
  let links: { from: string; href: string }[] = [];
  beforeAll(() => {
    links = Object.entries(PAGES_BY_PATH).flatMap(([from, page]) =>
      internalHrefsOf(page()).map((href) => ({ from, href })),
    );
  });

  it("only point at routes that exist", () => {
    expect(links.length).toBeGreaterThan(50);
    for (const { from, href } of links) {
      const path = href.split("#")[0] ?? "";
      expect(APP_ROUTES.has(path) || path in PAGES_BY_PATH, `${from} links to ${href}`).toBe(true);
    }
  });

  it("land on a section that exists when they carry an anchor", () => {
    const anchored = links.filter(({ href }) => href.includes("#"));
    expect(anchored.length).toBeGreaterThan(5);
    for (const { from, href } of anchored) {
      const [path = "", anchor = ""] = href.split("#");
      const target = PAGES_BY_PATH[path];
      expect(target, `${from} links to ${href}`).toBeDefined();
      if (!target) continue;
      const { container } = renderPage(target());
      expect(container.querySelector(`[id="${anchor}"]`), `${from} links to ${href}`).not.toBeNull();
      cleanup();
    }
  });

  it("never repeat a section id on one page", () => {
    for (const [path, page] of Object.entries(PAGES_BY_PATH)) {
      const { container } = renderPage(page());
      const ids = [...container.querySelectorAll("[id]")].map((element) => element.id);
      expect(new Set(ids).size, `${path} has duplicate ids`).toBe(ids.length);
      cleanup();
    }
  });
});

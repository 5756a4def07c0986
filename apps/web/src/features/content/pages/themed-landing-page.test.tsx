import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LANDING_LAYOUT, landingContent } from "../landing/landing-content";
import { isThemedLandingSlug, THEMED_LANDING_SLUGS } from "../landing/landing-slugs";
import { renderPage } from "../test/render-page";
import { ThemedLandingPage } from "./themed-landing-page";

describe("themed landing pages", () => {
  it("cover the ten slugs of spec §2", () => {
    expect(THEMED_LANDING_SLUGS).toHaveLength(10);
    expect(Object.keys(LANDING_LAYOUT).sort()).toEqual([...THEMED_LANDING_SLUGS].sort());
  });

  it.each(THEMED_LANDING_SLUGS)("/%s has one h1, a tab title and Start Chatting links to /chat", (slug) => {
    renderPage(<ThemedLandingPage slug={slug} />, `/${slug}`);
    const content = landingContent(slug);
    const h1s = screen.getAllByRole("heading", { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(content.heading);
    expect(document.title).toBe(`${content.title} · Heartline`);

    const starts = screen.getAllByRole("link", { name: "Start Chatting" });
    expect(starts.length).toBeGreaterThanOrEqual(1);
    for (const link of starts) expect(link).toHaveAttribute("href", "/chat");
    expect(screen.getAllByRole("link", { name: /Community Guidelines/ })[0]).toHaveAttribute(
      "href",
      "/guidelines",
    );
  });

  it.each(THEMED_LANDING_SLUGS)("/%s renders its own 2-3 sections and the shared promises", (slug) => {
    renderPage(<ThemedLandingPage slug={slug} />, `/${slug}`);
    const { sections } = landingContent(slug);
    expect(sections.length).toBeGreaterThanOrEqual(2);
    expect(sections.length).toBeLessThanOrEqual(3);
    for (const section of sections) {
      expect(screen.getByRole("heading", { level: 2, name: section.title })).toBeInTheDocument();
    }
    const promises = screen.getByRole("region", { name: "How Heartline keeps it fair" });
    expect(promises).toHaveTextContent("Matching respects everyone's preference");
    expect(promises).toHaveTextContent("Harassment gets you banned");
    expect(promises).toHaveTextContent("AI is always labelled");
  });

  it("gives every page a distinct h1, intro and tab title", () => {
    const headings = new Set<string>();
    for (const slug of THEMED_LANDING_SLUGS) {
      const { unmount } = renderPage(<ThemedLandingPage slug={slug} />, `/${slug}`);
      headings.add(screen.getByRole("heading", { level: 1 }).textContent ?? "");
      unmount();
    }
    const contents = THEMED_LANDING_SLUGS.map(landingContent);
    expect(headings.size).toBe(10);
    expect(new Set(contents.map((content) => content.intro)).size).toBe(10);
    expect(new Set(contents.map((content) => content.title)).size).toBe(10);
  });

  it("links to the other nine topics", () => {
    renderPage(<ThemedLandingPage slug="late-night-girl-chat" />, "/late-night-girl-chat");
    const more = screen.getByRole("navigation", { name: "More ways to chat" });
    const hrefs = within(more)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"));
    expect(hrefs).toHaveLength(9);
    expect(hrefs).not.toContain("/late-night-girl-chat");
    expect(hrefs).toContain("/desi-global-girls-chat");
  });

  it("shows a not-found message for an unknown slug", () => {
    renderPage(<ThemedLandingPage slug="no-such-topic" />, "/no-such-topic");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Page not found");
    expect(screen.getByText("/no-such-topic")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go home" })).toHaveAttribute("href", "/");
    expect(document.title).toBe("Page not found · Heartline");
    expect(isThemedLandingSlug("no-such-topic")).toBe(false);
  });
});

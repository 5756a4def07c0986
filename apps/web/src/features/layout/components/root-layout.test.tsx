import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { RouteObject } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render-app";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { RootLayout } from "./root-layout";

let server: TestSocketServer;

beforeEach(async () => {
  server = await startTestSocketServer();
});

afterEach(async () => {
  await server.close();
});

let releaseSlowPage: () => void = () => undefined;

// Stand-in pages, so the layout rules are checked on every path without the real pages' content.
const standInRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      ...["/", "/about", "/chat", "/group-chat", "/group-chat/friends"].map((path) => ({
        path,
        element: <h1>{`Page ${path}`}</h1>,
      })),
      {
        // A page whose module is still downloading until the test releases it.
        path: "/slow",
        lazy: async () => {
          await new Promise<void>((resolve) => {
            releaseSlowPage = resolve;
          });
          return { element: <h1>Slow page</h1> };
        },
      },
    ],
  },
];

async function renderAt(path: string) {
  return renderApp({ socket: await server.createClient(), entries: [path], routes: standInRoutes });
}

describe("root layout per route (spec §2)", () => {
  it.each(["/", "/about"])("%s shows a sticky top bar and the footer", async (path) => {
    await renderAt(path);
    await screen.findByRole("heading", { level: 1, name: `Page ${path}` });
    const banner = screen.getByRole("banner");
    expect(banner).toHaveClass("sticky");
    expect(banner).not.toHaveClass("hidden");
    expect(await screen.findByRole("contentinfo")).toBeInTheDocument();
  });

  it("/chat shows the top bar only from 768 px up and no footer", async () => {
    await renderAt("/chat");
    await screen.findByRole("heading", { level: 1, name: "Page /chat" });
    // jsdom applies no CSS, so the element is found; its classes hide it below the md breakpoint.
    const banner = screen.getByRole("banner");
    expect(banner).toHaveClass("hidden", "md:block");
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
  });

  it.each(["/group-chat", "/group-chat/friends"])("%s has no top bar and no footer", async (path) => {
    await renderAt(path);
    await screen.findByRole("heading", { level: 1, name: `Page ${path}` });
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
  });
});

describe("lazy pages (spec §2)", () => {
  it("show the page spinner while the next page's module loads", async () => {
    const { router } = await renderAt("/");
    await screen.findByRole("heading", { level: 1, name: "Page /" });
    void router.navigate("/slow");
    expect(await screen.findByRole("status", { name: "Loading page" })).toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();
    releaseSlowPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Slow page" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading page" })).not.toBeInTheDocument();
  });
});

describe("top bar", () => {
  it("has the logo link, the main navigation and the theme toggle", async () => {
    await renderAt("/about");
    const banner = await screen.findByRole("banner");
    expect(within(banner).getByRole("link", { name: "Heartline home" })).toHaveAttribute("href", "/");
    const nav = within(banner).getByRole("navigation", { name: "Main" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Home",
      "About",
      "Leaderboard",
      "FAQ",
      "Guidelines",
      "Contact",
    ]);
    expect(within(nav).getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/help");
    expect(within(nav).getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    expect(within(banner).getByRole("button", { name: "Switch to dark theme" })).toBeInTheDocument();
  });

  it("shows 500 online when the online-count API fails", async () => {
    await renderAt("/");
    // In jsdom the same-origin request cannot succeed, which is exactly the failure case.
    await waitFor(() => expect(screen.getByTestId("online-count")).toHaveTextContent("500 online"));
  });

  it("shows the live count pushed over the socket, formatted", async () => {
    await renderAt("/");
    const count = await screen.findByTestId("online-count");
    await waitFor(() => expect(server.io.sockets.sockets.size).toBe(1));
    server.io.emit("online_users", 1523);
    await waitFor(() => expect(count).toHaveTextContent("1,523 online"));
  });
});

describe("mobile menu", () => {
  it("opens with the menu links and the Legal group, and closes when a link changes the route", async () => {
    const user = userEvent.setup();
    const { router } = await renderAt("/");
    await user.click(await screen.findByRole("button", { name: "Open menu" }));

    const menu = await screen.findByRole("dialog", { name: "Menu" });
    const mainLinks = within(menu)
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(mainLinks).toEqual([
      "Home",
      "Chat",
      "Leaderboard",
      "About",
      "Guidelines",
      "Contact",
      "Terms",
      "Privacy",
      "Cookies",
    ]);
    const legal = within(menu).getByRole("region", { name: "Legal" });
    expect(
      within(legal)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/terms", "/privacy", "/cookies"]);

    await user.click(within(menu).getByRole("link", { name: "About" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/about"));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Menu" })).not.toBeInTheDocument());
  });

  it("closes with the Close menu button", async () => {
    const user = userEvent.setup();
    await renderAt("/");
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("dialog", { name: "Menu" });
    await user.click(within(menu).getByRole("button", { name: "Close menu" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Menu" })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("button", { name: "Open menu" })).toHaveFocus());
  });
});

describe("footer", () => {
  it("shows the tagline, the link columns, the four social links and the current year", async () => {
    await renderAt("/");
    const footer = await screen.findByRole("contentinfo");
    expect(footer).toHaveTextContent(
      "Connecting hearts and minds across the digital divide, safely and anonymously.",
    );
    const quick = within(footer).getByRole("navigation", { name: "Quick Links" });
    expect(
      within(quick)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Home", "About", "Guidelines", "FAQ"]);
    const legal = within(footer).getByRole("navigation", { name: "Legal" });
    expect(
      within(legal)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Terms of Service", "Privacy Policy", "Cookie Policy"]);
    for (const network of ["X", "Instagram", "TikTok", "Discord"]) {
      const link = within(footer).getByRole("link", { name: `Heartline on ${network}` });
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    expect(footer).toHaveTextContent("Made with love for the community");
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Heartline`);
  });
});

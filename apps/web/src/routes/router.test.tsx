import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useAuthModalStore } from "../features/accounts";
import { THEMED_LANDING_SLUGS } from "../features/content";
import { renderApp } from "../test/render-app";
import { eventNames, startTestSocketServer, type TestSocketServer } from "../test/socket-server";

let server: TestSocketServer;

beforeEach(async () => {
  server = await startTestSocketServer();
});

afterEach(async () => {
  useAuthModalStore.getState().closeModal();
  await server.close();
});

const SPEC_ROUTES = [
  "/",
  "/chat",
  "/about",
  "/guidelines",
  "/settings",
  "/help",
  "/terms",
  "/privacy",
  "/cookies",
  "/contact",
  "/debug",
  "/leaderboard",
  ...THEMED_LANDING_SLUGS.map((slug) => `/${slug}`),
];

describe("routes of spec §2", () => {
  it("lists the ten themed landing pages", () => {
    expect(THEMED_LANDING_SLUGS).toHaveLength(10);
  });

  it.each(SPEC_ROUTES)("%s renders one h1 and a Heartline title", async (path) => {
    renderApp({ socket: await server.createClient(), entries: [path] });
    const main = await screen.findByRole("main");
    await waitFor(() => expect(within(main).getAllByRole("heading", { level: 1 })).toHaveLength(1));
    expect(within(main).getByRole("heading", { level: 1 }).textContent?.trim()).not.toBe("");
    await waitFor(() => expect(document.title).toMatch(/Heartline/));
  });

  it("shows the 404 page for an unknown path", async () => {
    renderApp({ socket: await server.createClient(), entries: ["/no-such-page"] });
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go home" })).toHaveAttribute("href", "/");
    await waitFor(() => expect(document.title).toBe("Page not found · Heartline"));
  });

  it.each(["/group-chat", "/group-chat/friends", "/group-chat/dm/abc", "/group-chat/admin"])(
    "%s sends a signed-out visitor home and opens the guest modal",
    async (path) => {
      const { router } = renderApp({ socket: await server.createClient(), entries: [path] });
      expect(await screen.findByRole("dialog", { name: "Join Chat Room" })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/");
    },
  );
});

describe("route reporting (spec §2 Home, §7)", () => {
  it("on / reports the route, leaves the group and requests the online list", async () => {
    renderApp({ socket: await server.createClient(), entries: ["/"] });
    await waitFor(() =>
      expect(eventNames(server)).toEqual(
        expect.arrayContaining(["update_route", "leave_group", "request_online_users"]),
      ),
    );
    expect(server.received.find((entry) => entry.event === "update_route")?.args).toEqual(["/"]);
  });

  it("reports every route change", async () => {
    const { router } = renderApp({ socket: await server.createClient(), entries: ["/about"] });
    await waitFor(() => expect(server.received).toContainEqual({ event: "update_route", args: ["/about"] }));
    expect(eventNames(server)).not.toContain("leave_group");
    await router.navigate("/settings");
    await waitFor(() =>
      expect(server.received).toContainEqual({ event: "update_route", args: ["/settings"] }),
    );
  });

  it("re-reports the route after a reconnect", async () => {
    const socket = await server.createClient();
    renderApp({ socket, entries: ["/about"] });
    await waitFor(() => expect(server.received).toContainEqual({ event: "update_route", args: ["/about"] }));
    server.received.length = 0;
    server.io.disconnectSockets();
    // A server-side disconnect is final for socket.io; the app reconnects on demand (spec §4 Socket).
    await waitFor(() => expect(socket.connected).toBe(false));
    socket.connect();
    await waitFor(() => expect(eventNames(server)).toEqual(["update_route", "request_online_users"]));
  });
});

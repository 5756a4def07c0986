import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bindSocketStatus } from "../../../lib/socket";
import { renderApp } from "../../../test/render-app";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";

let server: TestSocketServer;
let unbind: (() => void) | undefined;

beforeEach(async () => {
  server = await startTestSocketServer();
});

afterEach(async () => {
  unbind?.();
  await server.close();
});

function row(testId: string, term: string): HTMLElement {
  const list = screen.getByTestId(testId);
  const termElement = within(list).getByText(term);
  return termElement.nextElementSibling as HTMLElement;
}

describe("DebugPage (/debug)", () => {
  it("shows the live socket state, ping round-trip and presence, read-only", async () => {
    const socket = await server.createClient();
    unbind = bindSocketStatus(socket);
    renderApp({ socket, entries: ["/debug"] });
    await screen.findByRole("heading", { level: 1, name: "Debug" });

    await waitFor(() => expect(row("debug-socket", "State")).toHaveTextContent("Connected"));
    expect(row("debug-socket", "Socket id")).toHaveTextContent(socket.id ?? "missing");
    expect(row("debug-socket", "Transport")).toHaveTextContent("websocket");
    await waitFor(() => expect(row("debug-socket", "Last ping round-trip")).toHaveTextContent(/^\d+ ms$/));
    expect(row("debug-socket", "Reconnect attempts")).toHaveTextContent("0");

    server.io.emit("online_users", 7);
    await waitFor(() => expect(row("debug-presence", "Real online count")).toHaveTextContent("7"));
    expect(row("debug-presence", "Shown in header")).toHaveTextContent("7");

    server.io.emit("users:online", ["abcdefghijklmnop", "short"]);
    await waitFor(() => expect(row("debug-presence", "Online list entries")).toHaveTextContent("2"));
    // Read-only: the page offers no controls of its own.
    expect(within(screen.getByRole("main")).queryAllByRole("button")).toHaveLength(0);
    expect(within(screen.getByRole("main")).queryAllByRole("textbox")).toHaveLength(0);
  });
});

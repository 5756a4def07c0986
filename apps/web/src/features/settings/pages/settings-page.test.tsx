import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SocketContext, useServerSessionStore } from "../../../lib/socket";
import { startTestSocketServer } from "../../../test/socket-server";
import { useApplyTheme, useThemeStore } from "../../theme";
import { AI_FALLBACK_STORAGE_KEY, useAiFallbackSetting } from "../state/ai-fallback-setting";
import { SettingsPage } from "./settings-page";

function ThemedSettings() {
  useApplyTheme();
  return <SettingsPage />;
}

/** The page needs the app's query client (session) and router (the Account section navigates). */
function renderPage(page: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/settings", element: page }], {
    initialEntries: ["/settings"],
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  act(() => useThemeStore.setState({ preference: "system" }));
});

describe("SettingsPage (/settings)", () => {
  it("has one h1, the theme choice and says where settings are stored", async () => {
    const user = userEvent.setup();
    renderPage(<ThemedSettings />);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(document.title).toBe("Settings · Heartline");
    expect(screen.getByRole("group", { name: "Theme" })).toBeInTheDocument();
    expect(screen.getByText("heartline-theme")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Where your settings are kept" })).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: /Dark/ }));
    expect(document.documentElement).toHaveClass("dark");
    expect(localStorage.getItem("heartline-theme")).toBe("dark");
  });
});

describe("SettingsPage: AI companion (ARCHITECTURE §9.2)", () => {
  it("the fallback switch is on by default, persists off, and shows the server's AI status", async () => {
    const user = userEvent.setup();
    const server = await startTestSocketServer();
    server.io.on("connection", (socket) => socket.emit("ai_status", { available: true }));
    const socket = await server.createClient();
    renderPage(
      <SocketContext value={socket}>
        <SettingsPage />
      </SocketContext>,
    );
    const toggle = screen.getByRole("switch", {
      name: "Let an AI companion chat with me while nobody is found",
    });
    expect(toggle).toHaveAttribute("aria-checked", "true");
    expect(screen.getByText(/It is always labelled AI/)).toBeInTheDocument();
    socket.connect();
    await waitFor(() => expect(screen.getByTestId("ai-server-status")).toHaveTextContent(/^available$/));
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-checked", "false");
    expect(localStorage.getItem(AI_FALLBACK_STORAGE_KEY)).toBe("off");
    // issue #38: with no AI on the server the switch is off, disabled, and says why.
    act(() => useAiFallbackSetting.getState().setAllowAI(true));
    act(() => useServerSessionStore.setState({ aiAvailable: false }));
    expect(screen.getByTestId("ai-server-status")).toHaveTextContent("not configured on this server");
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAttribute("aria-checked", "false");
    expect(toggle).toHaveAccessibleDescription("Unavailable: this server has no AI companion configured.");
    act(() => useAiFallbackSetting.getState().setAllowAI(true));
    useServerSessionStore.setState({ aiAvailable: null });
    await server.close();
  });
});

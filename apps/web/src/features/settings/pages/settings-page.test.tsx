import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { useApplyTheme } from "../../theme/hooks/use-apply-theme";
import { useThemeStore } from "../../theme/state/theme-store";
import { SettingsPage } from "./settings-page";

function ThemedSettings() {
  useApplyTheme();
  return <SettingsPage />;
}

afterEach(() => {
  act(() => useThemeStore.setState({ preference: "system" }));
});

describe("SettingsPage (/settings)", () => {
  it("has one h1, the theme choice and says where settings are stored", async () => {
    const user = userEvent.setup();
    render(<ThemedSettings />);
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

import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { installMatchMedia } from "../../../test/match-media";
import { useApplyTheme } from "../hooks/use-apply-theme";
import { useThemeStore } from "../state/theme-store";
import { ThemeRadioGroup } from "./theme-radio-group";
import { ThemeToggle } from "./theme-toggle";

function ThemedControls() {
  useApplyTheme();
  return (
    <>
      <ThemeToggle />
      <ThemeRadioGroup />
    </>
  );
}

afterEach(() => {
  act(() => useThemeStore.setState({ preference: "system" }));
});

describe("theme controls (spec §1)", () => {
  it("follows the system preference by default, live", () => {
    const scheme = installMatchMedia(true);
    render(<ThemedControls />);
    expect(document.documentElement).toHaveClass("dark");
    expect(screen.getByRole("radio", { name: /System/ })).toBeChecked();
    expect(screen.getByRole("button", { name: "Switch to light theme" })).toBeInTheDocument();

    act(() => scheme.setDark(false));
    expect(document.documentElement).not.toHaveClass("dark");
    expect(screen.getByRole("button", { name: "Switch to dark theme" })).toBeInTheDocument();
  });

  it("the toggle switches and persists the choice", async () => {
    const user = userEvent.setup();
    render(<ThemedControls />);
    expect(document.documentElement).not.toHaveClass("dark");

    await user.click(screen.getByRole("button", { name: "Switch to dark theme" }));
    expect(document.documentElement).toHaveClass("dark");
    expect(localStorage.getItem("heartline-theme")).toBe("dark");
    expect(screen.getByRole("radio", { name: /Dark/ })).toBeChecked();

    await user.click(screen.getByRole("button", { name: "Switch to light theme" }));
    expect(document.documentElement).not.toHaveClass("dark");
    expect(localStorage.getItem("heartline-theme")).toBe("light");
  });

  it("the radio group picks light, dark or system", async () => {
    const user = userEvent.setup();
    const scheme = installMatchMedia(false);
    render(<ThemedControls />);
    await user.click(screen.getByRole("radio", { name: /Dark/ }));
    expect(document.documentElement).toHaveClass("dark");
    // An explicit choice no longer follows the OS.
    act(() => scheme.setDark(false));
    expect(document.documentElement).toHaveClass("dark");

    await user.click(screen.getByRole("radio", { name: /System/ }));
    expect(localStorage.getItem("heartline-theme")).toBe("system");
    expect(document.documentElement).not.toHaveClass("dark");
  });
});

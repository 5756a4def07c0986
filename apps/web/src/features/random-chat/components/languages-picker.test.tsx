import { LANGUAGE_CODES, LANGUAGE_NAMES } from "@heartline/shared";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHAT_LANGUAGES_STORAGE_KEY, readChatLanguages } from "../state/chat-languages";
import { LanguagesPicker } from "./languages-picker";

const checkbox = (name: string) => screen.getByRole("checkbox", { name });
const stored = () => JSON.parse(localStorage.getItem(CHAT_LANGUAGES_STORAGE_KEY) ?? "null") as unknown;

describe("LanguagesPicker (issue #39)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is a labelled group of the eight languages, each named and marked up in its own language", () => {
    render(<LanguagesPicker />);
    const group = screen.getByRole("group", { name: "Languages I speak (optional)" });
    expect(group).toHaveAccessibleDescription(/Up to 3\. A shared language is matched first/);
    const boxes = within(group).getAllByRole("checkbox");
    // The names themselves are pinned in packages/shared (languages.test.ts).
    expect(boxes.map((box) => box.closest("label")?.textContent)).toEqual(
      LANGUAGE_CODES.map((code) => LANGUAGE_NAMES[code]),
    );
    expect(checkbox("العربية").closest("label")).toHaveAttribute("lang", "ar");
    expect(checkbox("Português (Brasil)").closest("label")).toHaveAttribute("lang", "pt-BR");
  });

  it("starts with the browser's language when it is one of ours, and with none otherwise", () => {
    vi.stubGlobal("navigator", { ...navigator, languages: ["ja-JP", "pt-PT", "en"] });
    const { unmount } = render(<LanguagesPicker />);
    expect(checkbox("Português (Brasil)")).toBeChecked();
    expect(screen.getAllByRole("checkbox", { checked: true })).toHaveLength(1);
    unmount();

    vi.stubGlobal("navigator", { ...navigator, languages: ["ja-JP", "zh"] });
    render(<LanguagesPicker />);
    expect(screen.queryAllByRole("checkbox", { checked: true })).toEqual([]);
  });

  it("toggles with the keyboard, allows at most three, and says why the rest are disabled", async () => {
    vi.stubGlobal("navigator", { ...navigator, languages: ["en-US"] });
    const user = userEvent.setup();
    render(<LanguagesPicker />);
    expect(checkbox("English")).toBeChecked();
    await user.tab();
    expect(checkbox("English")).toHaveFocus();
    await user.tab();
    expect(checkbox("Español")).toHaveFocus();
    await user.keyboard(" ");
    expect(checkbox("Español")).toBeChecked();
    await user.click(checkbox("हिन्दी"));

    expect(checkbox("Deutsch")).toBeDisabled();
    expect(checkbox("English")).toBeEnabled();
    expect(screen.getByText("3 of 3 chosen: unselect one to pick another.")).toBeInTheDocument();
    expect(stored()).toEqual(["en", "es", "hi"]);

    await user.click(checkbox("English"));
    expect(checkbox("Deutsch")).toBeEnabled();
    expect(stored()).toEqual(["es", "hi"]);
  });

  it("remembers the choice in this browser, clearing them all included", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<LanguagesPicker />);
    for (const box of screen.queryAllByRole("checkbox", { checked: true })) await user.click(box);
    await user.click(checkbox("Bahasa Indonesia"));
    unmount();
    render(<LanguagesPicker />);
    expect(
      screen.getAllByRole("checkbox", { checked: true }).map((box) => box.getAttribute("value")),
    ).toEqual(["id"]);
    await user.click(checkbox("Bahasa Indonesia"));
    expect(readChatLanguages()).toEqual([]);
  });

  it("ignores what it does not know in storage", () => {
    localStorage.setItem(CHAT_LANGUAGES_STORAGE_KEY, JSON.stringify(["fr", "tlh", "fr", 7]));
    expect(readChatLanguages()).toEqual(["fr"]);
    localStorage.setItem(CHAT_LANGUAGES_STORAGE_KEY, "{not json");
    vi.stubGlobal("navigator", { ...navigator, languages: ["de-AT"] });
    expect(readChatLanguages()).toEqual(["de"]);
  });
});

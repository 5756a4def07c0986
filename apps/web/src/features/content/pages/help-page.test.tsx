import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderPage } from "../test/render-page";
import { HelpPage } from "./help-page";

describe("FAQ page", () => {
  it("is titled FAQ and keeps every answer folded until asked", () => {
    const { container } = renderPage(<HelpPage />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("FAQ");
    const accordions = container.querySelectorAll("details");
    expect(accordions.length).toBeGreaterThanOrEqual(15);
    for (const accordion of accordions) {
      expect(accordion).not.toHaveAttribute("open");
      expect(accordion.querySelector("summary")).not.toBeNull();
    }
  });

  it("opens an answer when its question is clicked", async () => {
    const user = userEvent.setup();
    renderPage(<HelpPage />);
    const question = screen.getByText("Are my random chats saved?");
    const details = question.closest("details");
    expect(details).not.toHaveAttribute("open");
    await user.click(question);
    expect(details).toHaveAttribute("open");
    expect(details).toHaveTextContent(/disappear when the chat\s+ends/);
  });

  it("answers with the product's real limits", () => {
    renderPage(<HelpPage />);
    expect(
      screen.getByText(/3 to 20 characters: letters, numbers, underscores and hyphens/),
    ).toBeInTheDocument();
    expect(screen.getByText(/JPG, PNG, GIF and WebP images up to 5 MB/)).toBeInTheDocument();
    expect(screen.getByText(/Badges unlock at 3, 7, 14, 30, 60 and 90 days/)).toBeInTheDocument();
  });
});

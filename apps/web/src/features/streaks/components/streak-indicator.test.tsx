import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StreakIndicator } from "./streak-indicator";

describe("StreakIndicator", () => {
  it("says the count and status in words, not by colour alone", () => {
    render(<StreakIndicator streak={{ count: 12, status: "breaking" }} variant="labelled" />);
    const indicator = screen.getByTestId("streak-indicator");
    expect(indicator).toHaveAttribute("data-status", "breaking");
    expect(indicator).toHaveAttribute("title", "12-day streak, ends today unless you message");
    expect(indicator).toHaveTextContent("12");
    expect(indicator).toHaveTextContent("Ends today");
  });

  it("drops the count of a broken streak", () => {
    render(<StreakIndicator streak={{ count: 0, status: "broken" }} />);
    const indicator = screen.getByTestId("streak-indicator");
    expect(indicator).toHaveTextContent(/^Streak broken$/);
  });
});

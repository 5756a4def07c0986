import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./chat-page";

function renderPage() {
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: "/chat", Component: ChatPage }], { initialEntries: ["/chat"] })}
    />,
  );
}

describe("ChatPage (/chat)", () => {
  it("offers the four genders and four preferences of spec §1/§3", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Random chat" })).toBeInTheDocument();
    const gender = screen.getByRole("group", { name: "I am" });
    expect(
      within(gender)
        .getAllByRole("radio")
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(["male", "female", "other", "prefer-not-to-say"]);
    const preference = screen.getByRole("group", { name: "I want to chat with" });
    expect(
      within(preference)
        .getAllByRole("radio")
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(["male", "female", "other", "any"]);
    expect(within(preference).getByRole("radio", { name: "Anyone" })).toBeChecked();
  });

  it("lets the visitor choose, while Start Chatting stays disabled until matching opens", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole("radio", { name: "Prefer not to say" }));
    await user.click(screen.getByRole("radio", { name: "Women" }));
    expect(screen.getByRole("radio", { name: "Prefer not to say" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Women" })).toBeChecked();
    const start = screen.getByRole("button", { name: "Start Chatting" });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription("Matching opens soon");
    expect(screen.getByText("Matching opens soon")).toBeVisible();
  });
});

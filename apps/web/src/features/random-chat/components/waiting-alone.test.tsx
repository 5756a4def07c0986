import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useRandomChatStore } from "../state/random-chat-store";
import { CooldownNote, WaitingAlone } from "./waiting-alone";

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: "/chat", element }], { initialEntries: ["/chat"] });
  return render(<RouterProvider router={router} />);
}

function waitingWith(preference: "female" | "any", searching: number, isHeldByCooldown = false) {
  act(() => {
    const { dispatch } = useRandomChatStore.getState();
    dispatch({ type: "SET_CHOICES", gender: "male", preference });
    dispatch({ type: "START" });
    dispatch({ type: "WAITING", since: 1, searching, isHeldByCooldown });
  });
}

afterEach(() => {
  act(() => useRandomChatStore.getState().clearAll());
});

describe("waiting alone (issue 14)", () => {
  it("says how many are searching, offers anyone and the group room", async () => {
    waitingWith("female", 4);
    let widened = 0;
    renderAt(<WaitingAlone onWiden={() => (widened += 1)} />);
    expect(screen.getByTestId("searching-count")).toHaveTextContent("4 people are searching right now.");
    expect(screen.getByRole("link", { name: "group room" })).toHaveAttribute("href", "/group-chat");
    await userEvent.setup().click(screen.getByRole("button", { name: "Chat with anyone" }));
    expect(widened).toBe(1);
  });

  it("does not offer anyone to someone already open to anyone; one searcher reads as 'only you'", () => {
    waitingWith("any", 1);
    renderAt(<WaitingAlone onWiden={() => undefined} />);
    expect(screen.getByTestId("searching-count")).toHaveTextContent("Only you are searching right now.");
    expect(screen.queryByRole("button", { name: "Chat with anyone" })).not.toBeInTheDocument();
  });

  it("says when the rematch cooldown holds the match back", () => {
    waitingWith("female", 2, true);
    renderAt(<CooldownNote />);
    expect(screen.getByRole("status")).toHaveTextContent("the partner you just left");
  });
});

import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createQueryClient } from "../../../app/query-client";
import { useAuthModalStore } from "../state/auth-modal-store";
import { GuestModal } from "./guest-modal";

function renderModal() {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <>
          <button type="button" onClick={() => useAuthModalStore.getState().openModal("guest")}>
            Join Chat Room
          </button>
          <GuestModal />
        </>
      ),
    },
    { path: "/group-chat", element: <h1>Group chat</h1> },
  ]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function openModal() {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Join Chat Room" }));
  const dialog = await screen.findByRole("dialog", { name: "Join Chat Room" });
  return { user, dialog };
}

/** An ISO date `years` years before today. */
function yearsAgo(years: number, extraDays = 0): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  date.setDate(date.getDate() + extraDays);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

afterEach(() => {
  act(() => useAuthModalStore.getState().closeModal());
});

describe("guest modal 'Join Chat Room' (spec §2 Modals)", () => {
  it("opens from the store with the three labelled fields and the Join Chat button", async () => {
    renderModal();
    const { dialog } = await openModal();
    expect(within(dialog).getByLabelText("Username")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Date of birth")).toHaveAttribute("type", "date");
    const gender = within(dialog).getByLabelText("Gender");
    expect(
      within(gender)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Select gender", "Male", "Female", "Other", "Prefer not to say"]);
    expect(within(dialog).getByRole("button", { name: "Join Chat" })).toBeInTheDocument();
  });

  it("shows the schema's exact messages under each field for an empty form", async () => {
    renderModal();
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole("button", { name: "Join Chat" }));
    expect(within(dialog).getByLabelText("Username")).toHaveAccessibleDescription("Username is required");
    expect(within(dialog).getByLabelText("Date of birth")).toHaveAccessibleDescription(
      "Date of birth is required",
    );
    expect(within(dialog).getByLabelText("Gender")).toHaveAccessibleDescription(
      "Please select a gender option",
    );
    expect(within(dialog).getByLabelText("Username")).toHaveAttribute("aria-invalid", "true");
  });

  it("rejects a short or ill-formed username and an under-18 date, and clears errors once fixed", async () => {
    renderModal();
    const { user, dialog } = await openModal();
    const username = within(dialog).getByLabelText("Username");
    await user.type(username, "ab");
    await user.type(within(dialog).getByLabelText("Date of birth"), yearsAgo(18, 1));
    await user.click(within(dialog).getByRole("button", { name: "Join Chat" }));
    expect(username).toHaveAccessibleDescription("Username must be at least 3 characters long");
    expect(within(dialog).getByLabelText("Date of birth")).toHaveAccessibleDescription(
      "You must be at least 18 years old",
    );

    await user.type(username, " c");
    expect(username).toHaveAccessibleDescription(
      "Username can only contain letters, numbers, underscores, and hyphens",
    );
    await user.clear(username);
    await user.type(username, "night_owl");
    expect(username).not.toHaveAccessibleDescription();
  });

  it("posts a valid form and shows 'Failed to create guest account' when the server can't be reached", async () => {
    renderModal();
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText("Username"), "night_owl");
    await user.type(within(dialog).getByLabelText("Date of birth"), yearsAgo(25));
    await user.selectOptions(within(dialog).getByLabelText("Gender"), "prefer-not-to-say");
    await user.click(within(dialog).getByRole("button", { name: "Join Chat" }));
    // jsdom cannot reach a same-origin API, so this is the network-failure path of spec §8.
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Failed to create guest account");
  });

  it("Escape closes it and focus returns to the button that opened it", async () => {
    renderModal();
    const { user } = await openModal();
    expect(screen.getByLabelText("Username")).toHaveFocus();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(useAuthModalStore.getState().modal).toBeNull();
    await waitFor(() => expect(screen.getByRole("button", { name: "Join Chat Room" })).toHaveFocus());
  });

  it("traps focus and locks page scroll while open", async () => {
    renderModal();
    const { user, dialog } = await openModal();
    expect(document.body).toHaveAttribute("data-scroll-locked");
    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });
});

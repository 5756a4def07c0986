import { QueryClientProvider } from "@tanstack/react-query";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { PRERENDERED_PATH_ATTRIBUTE } from "../app/prerendered-path";
import { createQueryClient } from "../app/query-client";
import { useAuthModalStore } from "../features/accounts";
import { JoinChatRoomButton } from "../features/home/components/join-chat-room-button";
import { Island } from "../ui/island";
import { mountIslands } from "./mount-islands";

/** A page as the build writes it: the island's markup, rendered on the server, in a prerendered root. */
function prerenderedPage(): HTMLElement {
  const markup = renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <h1>Talk to strangers.</h1>
      <Island name="join-chat-room">
        <JoinChatRoomButton />
      </Island>
    </QueryClientProvider>,
  );
  document.body.innerHTML = `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="/">${markup}</div>`;
  const root = document.getElementById("root");
  if (!root) throw new Error("no root");
  return root;
}

describe("mountIslands (issue #36)", () => {
  afterEach(() => {
    act(() => useAuthModalStore.getState().closeModal());
    document.body.innerHTML = "";
  });

  it("hydrates the page's islands in place, keeps the static markup, then drops the root's attribute", async () => {
    const root = prerenderedPage();
    const heading = screen.getByRole("heading", { level: 1 });
    const button = screen.getByRole("button", { name: "Join Chat Room" });
    // Not inside act(): the hydration it awaits is React's own work, which act() would hold back.
    await mountIslands(document);
    expect(root.hasAttribute(PRERENDERED_PATH_ATTRIBUTE)).toBe(false);
    // Hydrated, not re-rendered: the server's elements are still the ones on the page.
    expect(screen.getByRole("heading", { level: 1 })).toBe(heading);
    expect(screen.getByRole("button", { name: "Join Chat Room" })).toBe(button);
  });

  it("the account modals, hydrated on demand, open when something asks for one", async () => {
    const markup = renderToString(<Island name="auth-modals">{null}</Island>);
    document.body.innerHTML = `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="/">${markup}</div>`;
    await mountIslands(document);
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => useAuthModalStore.getState().openModal("guest"));
    await waitFor(() => expect(screen.getByRole("dialog")).toBeTruthy(), { timeout: 10_000 });
  });

  it("a live Join Chat Room opens the guest modal in place instead of submitting its form", async () => {
    prerenderedPage();
    await mountIslands(document);
    let submitted = false;
    document.querySelector("form")?.addEventListener("submit", (event) => {
      submitted = true;
      event.preventDefault();
    });
    await userEvent.click(screen.getByRole("button", { name: "Join Chat Room" }));
    await waitFor(() => expect(useAuthModalStore.getState().modal).toBe("guest"));
    expect(submitted).toBe(false);
  });
});

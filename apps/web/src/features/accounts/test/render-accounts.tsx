import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "react-hot-toast";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { createQueryClient } from "../../../app/query-client";
import { AuthModals } from "../components/auth-modals";
import { GroupChatGuard } from "../components/group-chat-guard";
import { useAuthModalStore } from "../state/auth-modal-store";

/** Home with the account modals mounted like the root layout does, plus a guarded /group-chat. */
export function renderAccounts(initialPath = "/") {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <AuthModals />
            <Toaster />
          </>
        ),
        children: [
          {
            path: "/",
            element: (
              <>
                <h1>Home</h1>
                <button type="button" onClick={() => useAuthModalStore.getState().openModal("guest")}>
                  Join Chat Room
                </button>
              </>
            ),
          },
          {
            path: "/group-chat",
            element: (
              <GroupChatGuard>
                <h1>Group chat</h1>
              </GroupChatGuard>
            ),
          },
        ],
      },
    ],
    { initialEntries: [initialPath] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

/** Opens the guest modal from its button, as the home page does. */
export async function openGuestModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Join Chat Room" }));
  return screen.findByRole("dialog", { name: "Join Chat Room" });
}

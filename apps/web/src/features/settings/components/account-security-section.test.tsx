import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppSocket } from "../../../lib/socket";
import {
  accountUser,
  CURRENT_PASSWORD,
  type FakeAccountApi,
  startFakeAccountApi,
} from "../../../test/fake-account-api";
import { renderWithApp } from "../../../test/render-with-app";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { AccountSecuritySection } from "./account-security-section";

let sockets: TestSocketServer;
let socket: AppSocket;
let api: FakeAccountApi | undefined;

beforeEach(async () => {
  sockets = await startTestSocketServer();
  socket = await sockets.createClient();
});

afterEach(async () => {
  await api?.close();
  api = undefined;
  await sockets.close();
});

async function renderSection(user: ReturnType<typeof accountUser> | null = accountUser()) {
  api = await startFakeAccountApi(user);
  const view = renderWithApp(<AccountSecuritySection />, { path: "/settings-under-test", socket });
  if (user) await screen.findByRole("heading", { level: 2, name: "Account" });
  return view;
}

describe("/settings Account section (spec §4, §5)", () => {
  it("is not shown when signed out", async () => {
    const { queryClient } = await renderSection(null);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole("heading", { name: "Account" })).not.toBeInTheDocument();
  });

  it("tells a guest there is no password to change", async () => {
    await renderSection(accountUser({ isGuest: true, email: null }));
    expect(screen.getByText(/Guest accounts have no password/)).toBeInTheDocument();
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
  });

  it("checks the password fields with the shared messages, then shows the server's answer", async () => {
    const user = userEvent.setup();
    await renderSection();
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(screen.getAllByText("Password is required")).toHaveLength(2);
    await user.type(screen.getByLabelText("Current password"), "wrong-one");
    await user.type(screen.getByLabelText("New password"), "abc");
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    await user.type(screen.getByLabelText("New password"), "defgh");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid password");

    await user.clear(screen.getByLabelText("Current password"));
    await user.type(screen.getByLabelText("Current password"), CURRENT_PASSWORD);
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Password changed")).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveValue("");
    const sent = api?.seen.filter((request) => request.url === "/api/accounts/change-password") ?? [];
    expect(JSON.parse(sent.at(-1)?.body ?? "{}")).toMatchObject({
      currentPassword: CURRENT_PASSWORD,
      newPassword: "abcdefgh",
    });
  });

  it("signs out everywhere, forgets the session and goes home", async () => {
    const user = userEvent.setup();
    const { router, queryClient } = await renderSection();
    await user.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    expect(await screen.findByText("You have been signed out on every device.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(queryClient.getQueryData(["session", "me"])).toBeNull();
    expect(localStorage.getItem("explicit_logout")).toBe("true");
  });

  it("deletes the account only after the username is typed, then goes home with a toast", async () => {
    const user = userEvent.setup();
    const { router } = await renderSection();
    await user.click(screen.getByRole("button", { name: "Delete account…" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete your account?" });
    expect(dialog).toHaveTextContent("Every direct message you sent or received");
    expect(dialog).toHaveTextContent("All your conversations");
    const confirm = screen.getByRole("button", { name: "Delete account" });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText("Type maya to confirm"), "Maya");
    expect(confirm).toBeDisabled();
    await user.clear(screen.getByLabelText("Type maya to confirm"));
    await user.type(screen.getByLabelText("Type maya to confirm"), "maya");
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText("Your account has been deleted.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(api?.user).toBeNull();
    expect(api?.seen.some((request) => request.method === "DELETE" && request.url === "/api/users/me")).toBe(
      true,
    );
  });

  it("Cancel closes the dialog without deleting anything", async () => {
    const user = userEvent.setup();
    await renderSection();
    await user.click(screen.getByRole("button", { name: "Delete account…" }));
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    act(() => undefined);
    expect(api?.user).not.toBeNull();
  });
});

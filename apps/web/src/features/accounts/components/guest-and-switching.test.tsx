import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AccountsHttpServer, startAccountsHttpServer } from "../../../test/accounts-http-server";
import { useAuthModalStore } from "../state/auth-modal-store";
import { accountUser, yearsAgo } from "../test/account-fixtures";
import { openGuestModal, renderAccounts } from "../test/render-accounts";

let server: AccountsHttpServer;

/** Fills the guest form with a valid adult "night_owl" and presses Join Chat. */
async function submitNightOwl(user: ReturnType<typeof renderAccounts>["user"], dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText("Username"), "night_owl");
  await user.type(within(dialog).getByLabelText("Date of birth"), yearsAgo(25));
  await user.selectOptions(within(dialog).getByLabelText("Gender"), "male");
  await user.click(within(dialog).getByRole("button", { name: "Join Chat" }));
}

beforeEach(async () => {
  server = await startAccountsHttpServer();
});

afterEach(async () => {
  act(() => useAuthModalStore.getState().closeModal());
  await server.close();
});

describe("guest 'Join Chat Room' modal (spec §2 Modals, §4 Guest flow, §5)", () => {
  it("has the three labelled fields and shows the schema's exact messages for an empty form", async () => {
    const { user } = renderAccounts();
    const dialog = await openGuestModal(user);
    const gender = within(dialog).getByLabelText("Gender");
    expect(
      within(gender)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Select gender", "Male", "Female", "Other", "Prefer not to say"]);
    await user.click(within(dialog).getByRole("button", { name: "Join Chat" }));
    expect(within(dialog).getByLabelText("Username")).toHaveAccessibleDescription("Username is required");
    expect(within(dialog).getByLabelText("Username")).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByLabelText("Date of birth")).toHaveAccessibleDescription(
      "Date of birth is required",
    );
    expect(gender).toHaveAccessibleDescription("Please select a gender option");
  });

  it("rejects a short username and an under-18 date, and clears a message once fixed", async () => {
    const { user } = renderAccounts();
    const dialog = await openGuestModal(user);
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

  it("posts the guest to /api/accounts/guest and lands on /group-chat", async () => {
    const { user, router } = renderAccounts();
    server.answer("POST /api/accounts/guest", 200, { user: accountUser({ isGuest: true, email: null }) });
    const dialog = await openGuestModal(user);
    await user.type(within(dialog).getByLabelText("Username"), "night_owl");
    await user.type(within(dialog).getByLabelText("Date of birth"), yearsAgo(25));
    await user.selectOptions(within(dialog).getByLabelText("Gender"), "prefer-not-to-say");
    await user.click(within(dialog).getByRole("button", { name: "Join Chat" }));
    expect(await screen.findByRole("heading", { name: "Group chat" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/group-chat");
    expect(server.requests.find((request) => request.path === "/api/accounts/guest")?.body).toEqual({
      username: "night_owl",
      dob: yearsAgo(25),
      gender: "prefer-not-to-say",
    });
  });

  it("shows the server's message, or 'Failed to create guest account' without one", async () => {
    const { user } = renderAccounts();
    const dialog = await openGuestModal(user);
    await user.type(within(dialog).getByLabelText("Username"), "night_owl");
    await user.type(within(dialog).getByLabelText("Date of birth"), yearsAgo(25));
    await user.selectOptions(within(dialog).getByLabelText("Gender"), "male");
    server.answer("POST /api/accounts/guest", 429, {
      error: { code: "rate_limited", message: "Slow down." },
    });
    await user.click(within(dialog).getByRole("button", { name: "Join Chat" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Slow down.");
    server.answer("POST /api/accounts/guest", 500, "oops");
    await user.click(within(dialog).getByRole("button", { name: "Join Chat" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent("Failed to create guest account"),
    );
  });

  it("says a taken name under the field before any check or guest request (issue #14)", async () => {
    server.answer("GET /api/captcha/config", 200, { provider: "altcha" });
    server.answer("GET /api/users/check-username", 200, {
      available: false,
      message: "This username is already taken. Please choose another one.",
    });
    const { user } = renderAccounts();
    const dialog = await openGuestModal(user);
    await submitNightOwl(user, dialog);
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Username")).toHaveAccessibleDescription(
        "This username is already taken. Please choose another one.",
      ),
    );
    expect(server.requests.map((request) => request.path)).toContain(
      "/api/users/check-username?username=night_owl&for=guest",
    );
    const later = server.requests.map((request) => request.path.split("?")[0]);
    expect(later).not.toContain("/api/captcha/challenge");
    expect(later).not.toContain("/api/accounts/guest");
    expect(within(dialog).getByRole("status")).toHaveTextContent("");
  });

  it("passes through 'Verify You're Human' first when a check is configured, keeping the typed values", async () => {
    server.answer("GET /api/captcha/config", 200, { provider: "turnstile" });
    const { user } = renderAccounts();
    const dialog = await openGuestModal(user);
    await submitNightOwl(user, dialog);
    const check = await screen.findByRole("dialog", { name: "Verify You're Human" });
    expect(server.requests.some((request) => request.path === "/api/accounts/guest")).toBe(false);
    await user.click(within(check).getByRole("button", { name: "Back" }));
    const again = await screen.findByRole("dialog", { name: "Join Chat Room" });
    expect(within(again).getByLabelText("Username")).toHaveValue("night_owl");
  });

  it("Escape closes it, focus returns to the opener; focus is trapped and scroll locked while open", async () => {
    const { user } = renderAccounts();
    const dialog = await openGuestModal(user);
    expect(document.body).toHaveAttribute("data-scroll-locked");
    expect(within(dialog).getByLabelText("Username")).toHaveFocus();
    for (let step = 0; step < 10; step += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("button", { name: "Join Chat Room" })).toHaveFocus());
  });
});

describe("switching between the account modals (spec §2 Modals)", () => {
  it("guest → sign in → forgot password → sign in → create account → guest, one dialog at a time", async () => {
    const { user } = renderAccounts();
    const guest = await openGuestModal(user);
    await user.click(within(guest).getByRole("button", { name: "Sign in" }));
    const signIn = await screen.findByRole("dialog", { name: "Sign In" });
    await user.click(within(signIn).getByRole("button", { name: "Forgot password?" }));
    const forgot = await screen.findByRole("dialog", { name: "Forgot Password" });
    await user.click(within(forgot).getByRole("button", { name: "Back to sign in" }));
    const signInAgain = await screen.findByRole("dialog", { name: "Sign In" });
    await user.click(within(signInAgain).getByRole("button", { name: "Create account" }));
    const signUp = await screen.findByRole("dialog", { name: "Create Account" });
    await user.click(within(signUp).getByRole("button", { name: "Join as a guest" }));
    await screen.findByRole("dialog", { name: "Join Chat Room" });
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
  });
});

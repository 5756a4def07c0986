import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AccountsHttpServer, startAccountsHttpServer } from "../../../test/accounts-http-server";
import { NEW_PASSWORD_RULES } from "../domain/password-rules";
import { useAuthModalStore } from "../state/auth-modal-store";
import { accountUser, yearsAgo } from "../test/account-fixtures";
import { renderAccounts } from "../test/render-accounts";

let server: AccountsHttpServer;

beforeEach(async () => {
  server = await startAccountsHttpServer();
});

afterEach(async () => {
  act(() => useAuthModalStore.getState().closeModal());
  await server.close();
});

async function open(modal: "sign-in" | "sign-up", name: string) {
  act(() => useAuthModalStore.getState().openModal(modal));
  return screen.findByRole("dialog", { name });
}

describe("'Sign In' (spec §4 Sign-in, §5, §8)", () => {
  it("shows the §5 messages for an empty form, a bad e-mail and a short password", async () => {
    const { user } = renderAccounts();
    const dialog = await open("sign-in", "Sign In");
    await user.click(within(dialog).getByRole("button", { name: "Sign In" }));
    expect(within(dialog).getByLabelText("Email")).toHaveAccessibleDescription("Email is required");
    expect(within(dialog).getByLabelText("Password")).toHaveAccessibleDescription("Password is required");
    await user.type(within(dialog).getByLabelText("Email"), "owl@nowhere");
    await user.type(within(dialog).getByLabelText("Password"), "12345");
    expect(within(dialog).getByLabelText("Email")).toHaveAccessibleDescription(
      "Please enter a valid email address",
    );
    expect(within(dialog).getByLabelText("Password")).toHaveAccessibleDescription(
      "Password must be at least 6 characters long",
    );
  });

  it("maps the server's codes to the §8 texts and signs in to /group-chat", async () => {
    const { user, router } = renderAccounts();
    const dialog = await open("sign-in", "Sign In");
    await user.type(within(dialog).getByLabelText("Email"), "owl@example.com");
    await user.type(within(dialog).getByLabelText("Password"), "secret-password");
    server.answer("POST /api/accounts/sign-in", 401, { error: { code: "invalid-credential" } });
    await user.click(within(dialog).getByRole("button", { name: "Sign In" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Invalid email or password. Please check your credentials and try again.",
    );
    server.answer("POST /api/accounts/sign-in", 401, { error: { code: "user-not-found" } });
    await user.click(within(dialog).getByRole("button", { name: "Sign In" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent(/^Invalid email or password$/),
    );
    server.answer("POST /api/accounts/sign-in", 500, null);
    await user.click(within(dialog).getByRole("button", { name: "Sign In" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent("An error occurred during sign in"),
    );
    server.answer("POST /api/accounts/sign-in", 200, { user: accountUser() });
    await user.click(within(dialog).getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("heading", { name: "Group chat" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/group-chat");
  });
});

async function fillSignUp(user: ReturnType<typeof renderAccounts>["user"], dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText("Username"), "Night_Owl");
  await user.type(within(dialog).getByLabelText("Email"), "owl@example.com");
  await user.type(within(dialog).getByLabelText("Password"), "secret-password");
  await user.type(within(dialog).getByLabelText("Date of birth"), yearsAgo(30));
  await user.selectOptions(within(dialog).getByLabelText("Gender"), "other");
}

describe("'Create Account' (spec §4 Sign-up, §5, §8)", () => {
  it("uses the sign-up wording for a short password and the under-18 message", async () => {
    const { user } = renderAccounts();
    const dialog = await open("sign-up", "Create Account");
    await user.type(within(dialog).getByLabelText("Password"), "abc");
    await user.type(within(dialog).getByLabelText("Date of birth"), yearsAgo(17));
    await user.click(within(dialog).getByRole("button", { name: "Create Account" }));
    expect(within(dialog).getByLabelText("Password")).toHaveAccessibleDescription(
      `Password must be at least 6 characters ${NEW_PASSWORD_RULES}`,
    );
    expect(within(dialog).getByLabelText("Date of birth")).toHaveAccessibleDescription(
      "You must be at least 18 years old",
    );
  });

  it("shows 'This username is already taken…' under the username when the check says so", async () => {
    const { user } = renderAccounts();
    server.answer("GET /api/users/check-username", 200, { available: false });
    const dialog = await open("sign-up", "Create Account");
    await fillSignUp(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Create Account" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Username")).toHaveAccessibleDescription(
        "This username is already taken. Please choose another one.",
      ),
    );
    expect(server.requests.some((request) => request.path === "/api/accounts/sign-up")).toBe(false);
  });

  it("maps email-already-in-use and unknown failures to their §8 texts", async () => {
    const { user } = renderAccounts();
    const dialog = await open("sign-up", "Create Account");
    await fillSignUp(user, dialog);
    server.answer("POST /api/accounts/sign-up", 409, {
      error: { code: "email-already-in-use", message: "x" },
    });
    await user.click(within(dialog).getByRole("button", { name: "Create Account" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "An account with this email already exists.",
    );
    server.answer("POST /api/accounts/sign-up", 500, null);
    await user.click(within(dialog).getByRole("button", { name: "Create Account" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent("An unexpected error occurred"),
    );
  });

  it("after sign-up opens 'Verify Your Email' for the address", async () => {
    const { user } = renderAccounts();
    const created = accountUser({ emailVerified: false, username: "Night_Owl" });
    server.answer("POST /api/accounts/sign-up", 200, { user: created, mode: "new" });
    server.answer("GET /api/accounts/me", 200, { user: created });
    const dialog = await open("sign-up", "Create Account");
    await fillSignUp(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Create Account" }));
    const verify = await screen.findByRole("dialog", { name: "Verify Your Email" });
    expect(await within(verify).findByText("owl@example.com")).toBeInTheDocument();
    expect(within(verify).getByRole("button", { name: /Resend in \d+s/ })).toBeDisabled();
  });

  it("is 'Complete Your Account' for a guest: username, date of birth and gender prefilled and read-only", async () => {
    server.answer("GET /api/accounts/me", 200, {
      user: accountUser({ isGuest: true, email: null, gender: null, emailVerified: false }),
    });
    renderAccounts();
    const dialog = await open("sign-up", "Complete Your Account");
    expect(within(dialog).getByLabelText("Username")).toHaveValue("night_owl");
    expect(within(dialog).getByLabelText("Username")).toHaveAttribute("readonly");
    expect(within(dialog).getByLabelText("Date of birth")).toHaveValue("1990-05-01");
    expect(within(dialog).getByLabelText("Date of birth")).toHaveAttribute("readonly");
    expect(within(dialog).getByLabelText("Gender")).toHaveValue("prefer-not-to-say");
    expect(within(dialog).getByLabelText("Gender")).toBeDisabled();
    expect(within(dialog).getByLabelText("Email")).toHaveFocus();
  });
});

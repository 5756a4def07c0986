import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AccountsHttpServer, startAccountsHttpServer } from "../../../test/accounts-http-server";
import { NEW_PASSWORD_RULES } from "../domain/password-rules";
import { useAuthModalStore } from "../state/auth-modal-store";
import { accountUser } from "../test/account-fixtures";
import { renderAccounts } from "../test/render-accounts";

let server: AccountsHttpServer;

beforeEach(async () => {
  server = await startAccountsHttpServer();
});

afterEach(async () => {
  act(() => useAuthModalStore.getState().closeModal());
  await server.close();
});

describe("'Forgot Password' and 'Reset Password' (spec §2, §8)", () => {
  it("checks the e-mail, then shows the success text", async () => {
    const { user } = renderAccounts();
    act(() => useAuthModalStore.getState().openModal("forgot-password"));
    const dialog = await screen.findByRole("dialog", { name: "Forgot Password" });
    await user.click(within(dialog).getByRole("button", { name: "Send Reset Link" }));
    expect(within(dialog).getByLabelText("Email")).toHaveAccessibleDescription("Email is required");
    server.answer("POST /api/accounts/forgot-password", 200, {
      message: "Password reset email sent. Please check your inbox.",
    });
    await user.type(within(dialog).getByLabelText("Email"), "owl@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send Reset Link" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent(
      "Password reset email sent. Please check your inbox.",
    );
  });

  it("shows the too-many text on 429", async () => {
    const { user } = renderAccounts();
    act(() => useAuthModalStore.getState().openModal("forgot-password"));
    const dialog = await screen.findByRole("dialog", { name: "Forgot Password" });
    server.answer("POST /api/accounts/forgot-password", 429, { error: { code: "rate_limited" } });
    await user.type(within(dialog).getByLabelText("Email"), "owl@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send Reset Link" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Too many password reset attempts. Please try again later.",
    );
  });

  it("/?resetToken=… opens 'Reset Password' and posts the token with the new password", async () => {
    const { user, router } = renderAccounts("/?resetToken=tok-123");
    const dialog = await screen.findByRole("dialog", { name: "Reset Password" });
    await waitFor(() => expect(router.state.location.search).toBe(""));
    await user.type(within(dialog).getByLabelText("New password"), "short");
    await user.click(within(dialog).getByRole("button", { name: "Reset Password" }));
    expect(within(dialog).getByLabelText("New password")).toHaveAccessibleDescription(
      `Password must be at least 6 characters long ${NEW_PASSWORD_RULES}`,
    );
    server.answer("POST /api/accounts/reset-password", 200, { ok: true });
    await user.type(within(dialog).getByLabelText("New password"), "-enough");
    await user.click(within(dialog).getByRole("button", { name: "Reset Password" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("Your password has been reset.");
    expect(server.requests.find((request) => request.path === "/api/accounts/reset-password")?.body).toEqual({
      token: "tok-123",
      newPassword: "short-enough",
    });
  });
});

describe("the verification link opened in another browser (ADR 0017)", () => {
  it("/?verified=set-password says the address is verified, signed out and a reset link was mailed", async () => {
    const { user, router } = renderAccounts("/?verified=set-password");
    const dialog = await screen.findByRole("dialog", { name: "Email verified" });
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(dialog).toHaveAccessibleDescription("Your e-mail address is verified.");
    expect(dialog).toHaveTextContent(
      "every session was signed out and its password was cleared. We've e-mailed you a link to set a new password",
    );
    expect(useAuthModalStore.getState().modal).toBe("password-cleared");
    await user.click(within(dialog).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("'Verify Your Email' resend (spec §8)", () => {
  async function openVerify() {
    server.answer("GET /api/accounts/me", 200, { user: accountUser({ emailVerified: false }) });
    const rendered = renderAccounts();
    act(() => useAuthModalStore.getState().openModal("verify-email"));
    const dialog = await screen.findByRole("dialog", { name: "Verify Your Email" });
    expect(await within(dialog).findByText("owl@example.com")).toBeInTheDocument();
    return { ...rendered, dialog };
  }

  it("sends, shows 'Email Sent!' and then counts down", async () => {
    const { user, dialog } = await openVerify();
    server.answer("POST /api/accounts/resend-verification", 200, { ok: true });
    await user.click(within(dialog).getByRole("button", { name: "Resend Email" }));
    expect(within(dialog).getByRole("button", { name: "Sending…" })).toBeDisabled();
    expect(await within(dialog).findByText("Email Sent!")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: /^Resend in \d+s$/ })).toBeDisabled();
  });

  it("answers 429 with 'Too many attempts. Please try again in a few minutes.' and a longer cooldown", async () => {
    const { user, dialog } = await openVerify();
    server.answer("POST /api/accounts/resend-verification", 429, { error: { code: "rate_limited" } });
    await user.click(within(dialog).getByRole("button", { name: "Resend Email" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Too many attempts. Please try again in a few minutes.",
    );
    expect(within(dialog).getByRole("button", { name: /^Resend in \d+s$/ })).toBeDisabled();
  });

  it("answers 401 with 'Your session has expired. Please sign in again.'", async () => {
    const { user, dialog } = await openVerify();
    server.answer("POST /api/accounts/resend-verification", 401, { error: { code: "unauthorized" } });
    await user.click(within(dialog).getByRole("button", { name: "Resend Email" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Your session has expired. Please sign in again.",
    );
  });

  it("any other failure says 'Failed to send verification email. Please try again later.'", async () => {
    const { user, dialog } = await openVerify();
    server.answer("POST /api/accounts/resend-verification", 500, null);
    await user.click(within(dialog).getByRole("button", { name: "Resend Email" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Failed to send verification email. Please try again later.",
    );
  });
});

describe("the /group-chat guard (spec §4, §8)", () => {
  it("keeps an unverified e-mail account on /group-chat with 'Verify Your Email' open: the address and Resend (issue #14)", async () => {
    server.answer("GET /api/accounts/me", 200, { user: accountUser({ emailVerified: false }) });
    const { router, user } = renderAccounts("/group-chat");
    const dialog = await screen.findByRole("dialog", { name: "Verify Your Email" });
    expect(await within(dialog).findByText("owl@example.com")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Resend Email" })).toBeEnabled();
    expect(router.state.location.pathname).toBe("/group-chat");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(
      screen.getByRole("heading", { name: "Please verify your email before joining the group chat." }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Verify e-mail" }));
    expect(await screen.findByRole("dialog", { name: "Verify Your Email" })).toBeInTheDocument();
  });

  it("lets a guest in", async () => {
    server.answer("GET /api/accounts/me", 200, {
      user: accountUser({ isGuest: true, email: null, emailVerified: false }),
    });
    renderAccounts("/group-chat");
    expect(await screen.findByRole("heading", { name: "Group chat" })).toBeInTheDocument();
  });

  it("sends a signed-out visitor home with the guest modal open", async () => {
    const { router } = renderAccounts("/group-chat");
    expect(await screen.findByRole("dialog", { name: "Join Chat Room" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });
});

import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activeLocale } from "../../../lib/i18n/i18n";
import { hasUnsavedLocaleChoice, savedLocale } from "../../../lib/i18n/locale-choice";
import { switchLocale } from "../../../lib/i18n/switch-locale";
import { type AccountsHttpServer, startAccountsHttpServer } from "../../../test/accounts-http-server";
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

async function signIn(user: ReturnType<typeof renderAccounts>["user"], buttonName: string) {
  act(() => useAuthModalStore.getState().openModal("sign-in"));
  const dialog = await screen.findByRole("dialog", { name: buttonName });
  await user.type(within(dialog).getByRole("textbox"), "owl@example.com");
  await user.type(
    dialog.querySelector<HTMLInputElement>('input[name="password"]') as HTMLInputElement,
    "secret-password",
  );
  await user.click(within(dialog).getByRole("button", { name: buttonName }));
}

describe("the language stored on the account, at sign-in (issue #39)", () => {
  it("takes up the account's language when none was chosen in this browser", async () => {
    const { user, router } = renderAccounts();
    server.answer("POST /api/accounts/sign-in", 200, { user: accountUser({ locale: "fr" }) });
    await signIn(user, "Sign In");
    await waitFor(() => expect(router.state.location.pathname).toBe("/group-chat"));
    expect(activeLocale()).toBe("fr");
    expect(savedLocale()).toBe("fr");
    expect(document.documentElement.lang).toBe("fr");
    expect(server.requests.some((request) => request.path === "/api/users/me")).toBe(false);
  });

  it("keeps a language chosen here since, and saves it on the account", async () => {
    await switchLocale("de");
    expect(hasUnsavedLocaleChoice()).toBe(true);
    const { user, router } = renderAccounts();
    server.answer("POST /api/accounts/sign-in", 200, { user: accountUser({ locale: "fr" }) });
    server.answer("PATCH /api/users/me", 200, { user: accountUser({ locale: "de" }) });
    await signIn(user, "Anmelden");
    await waitFor(() => expect(router.state.location.pathname).toBe("/group-chat"));
    expect(activeLocale()).toBe("de");
    expect(server.requests.find((request) => request.path === "/api/users/me")).toMatchObject({
      method: "PATCH",
      body: { locale: "de" },
    });
    await waitFor(() => expect(hasUnsavedLocaleChoice()).toBe(false));
  });

  it("leaves the language alone for an account without one", async () => {
    const { user, router } = renderAccounts();
    server.answer("POST /api/accounts/sign-in", 200, { user: accountUser({ locale: null }) });
    await signIn(user, "Sign In");
    await waitFor(() => expect(router.state.location.pathname).toBe("/group-chat"));
    expect(activeLocale()).toBe("en");
    expect(savedLocale()).toBeNull();
  });
});

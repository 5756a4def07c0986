import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activateLocale } from "../../../lib/i18n/i18n";
import { type AccountsHttpServer, startAccountsHttpServer } from "../../../test/accounts-http-server";
import { useAuthModalStore } from "../state/auth-modal-store";
import { yearsAgo } from "../test/account-fixtures";
import { renderAccounts } from "../test/render-accounts";

let server: AccountsHttpServer;

/**
 * The one dialog named `name`, once it is alone: on a loaded machine the previous test's dialog (or a first
 * render before its words are in) can still be on its way out when this one opens.
 */
async function onlyDialog(name: string): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getAllByRole("dialog", { name })).toHaveLength(1));
  return screen.getByRole("dialog", { name });
}

beforeEach(async () => {
  server = await startAccountsHttpServer();
});

afterEach(async () => {
  act(() => useAuthModalStore.getState().closeModal());
  await server.close();
});

describe("the account dialogs in another language (issue #39)", () => {
  it("labels 'Sign In' in Spanish and shows the schema's and the server's texts in Spanish", async () => {
    await activateLocale("es");
    const { user } = renderAccounts();
    act(() => useAuthModalStore.getState().openModal("sign-in"));
    const dialog = await onlyDialog("Iniciar sesión");
    await user.click(within(dialog).getByRole("button", { name: "Iniciar sesión" }));
    expect(within(dialog).getByLabelText("Correo electrónico")).toHaveAccessibleDescription(
      "El correo es obligatorio",
    );
    await user.type(within(dialog).getByLabelText("Correo electrónico"), "owl@example.com");
    await user.type(within(dialog).getByLabelText("Contraseña"), "secret-password");
    server.answer("POST /api/accounts/sign-in", 401, { error: { code: "invalid-credential" } });
    await user.click(within(dialog).getByRole("button", { name: "Iniciar sesión" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Correo o contraseña incorrectos. Revisa tus datos e inténtalo de nuevo.",
    );
  });

  it("keeps a server message it has no translation for as written, and says the §8 fallback in German", async () => {
    await activateLocale("de");
    const { user } = renderAccounts();
    act(() => useAuthModalStore.getState().openModal("guest"));
    const dialog = await onlyDialog("Chatraum betreten");
    await user.type(within(dialog).getByLabelText("Benutzername"), "quiet_owl");
    await user.type(within(dialog).getByLabelText("Geburtsdatum"), yearsAgo(25));
    await user.selectOptions(within(dialog).getByLabelText("Geschlecht"), "female");
    expect(within(dialog).getByRole("option", { name: "Weiblich" })).toBeInTheDocument();
    server.answer("POST /api/accounts/guest", 429, {
      error: { code: "rate_limited", message: "Slow down." },
    });
    await user.click(within(dialog).getByRole("button", { name: "Chat beitreten" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Slow down.");
    server.answer("POST /api/accounts/guest", 500, "oops");
    await user.click(within(dialog).getByRole("button", { name: "Chat beitreten" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent(
        "Das Gastkonto konnte nicht erstellt werden",
      ),
    );
  });
});

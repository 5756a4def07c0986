import { SITE_LOCALE_COOKIE } from "@heartline/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activeLocale } from "../../../lib/i18n/i18n";
import type { AppSocket } from "../../../lib/socket";
import { accountUser, type FakeAccountApi, startFakeAccountApi } from "../../../test/fake-account-api";
import { renderWithApp } from "../../../test/render-with-app";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { LanguageSettings } from "./language-settings";

// Issue #39: the language chosen in Settings shows the app in it at once, is kept in this browser and the
// cookie the server reads, and on the account of a signed-in user.
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
  // biome-ignore lint/suspicious/noDocumentCookie: the test removes the cookie the switcher wrote
  document.cookie = `${SITE_LOCALE_COOKIE}=; Path=/; Max-Age=0`;
});

describe("LanguageSettings", () => {
  it("switches the app to the chosen language in place, right to left for Arabic, and remembers it", async () => {
    const user = userEvent.setup();
    api = await startFakeAccountApi(null);
    renderWithApp(<LanguageSettings />, { path: "/settings", socket });
    const select = await screen.findByRole("combobox", { name: "Language" });
    expect(select).toHaveValue("en");

    await user.selectOptions(select, "ar");
    expect(await screen.findByRole("heading", { name: "اللغة" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "اللغة" })).toHaveValue("ar");
    expect(activeLocale()).toBe("ar");
    // `<html lang dir>` follows the words (the same switch).
    await waitFor(() => expect(document.documentElement).toHaveAttribute("lang", "ar"));
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    expect(localStorage.getItem(SITE_LOCALE_COOKIE)).toBe("ar");
    expect(document.cookie).toContain(`${SITE_LOCALE_COOKIE}=ar`);
    // Signed out: nothing to keep on an account.
    expect(api.seen.filter((request) => request.method === "PATCH")).toEqual([]);
  });

  it("keeps a signed-in user's choice on the account (PATCH /api/users/me), for e-mails and other devices", async () => {
    const user = userEvent.setup();
    api = await startFakeAccountApi(accountUser());
    renderWithApp(<LanguageSettings />, { path: "/settings", socket });
    // The session is in (the switcher reads it when the choice is made).
    await waitFor(() => expect(api?.seen.some((request) => request.url === "/api/accounts/me")).toBe(true));
    await user.selectOptions(await screen.findByRole("combobox", { name: "Language" }), "pt-BR");
    expect(await screen.findByRole("heading", { name: "Idioma" })).toBeInTheDocument();
    await waitFor(() => expect(api?.user?.locale).toBe("pt-BR"));
    const patch = api.seen.find((request) => request.method === "PATCH" && request.url === "/api/users/me");
    expect(JSON.parse(patch?.body ?? "{}")).toEqual({ locale: "pt-BR" });
    expect(document.documentElement).toHaveAttribute("dir", "ltr");
  });
});

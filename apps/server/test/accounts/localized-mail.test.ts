import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MAIL_TEXTS } from "../../src/features/mail/templates";
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";
import {
  AccountsClient,
  ADULT_DOB,
  NO_HUMAN_CHECK_ENV,
  RESET_SUBJECT,
  START_TIMEOUT_MS,
  VERIFY_SUBJECT,
  waitForMail,
} from "./accounts-client";

/** Issue #39: the account e-mails are written in the language stored on the account (`user.locale`). */
describe("account e-mails in the account's language (real PGlite, the dev outbox)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: NO_HUMAN_CHECK_ENV });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await test.close();
  });

  async function signUp(username: string, email: string): Promise<AccountsClient> {
    const client = new AccountsClient(test.app);
    const response = await client.post("/api/accounts/sign-up", {
      username,
      email,
      password: "secret-pass",
      dob: ADULT_DOB,
      gender: "female",
    });
    expect(response.statusCode).toBe(200);
    return client;
  }

  async function saveLocale(client: AccountsClient, locale: string): Promise<void> {
    const response = await test.app.inject({
      method: "PATCH",
      url: "/api/users/me",
      headers: { cookie: client.cookieHeader, origin: TEST_PUBLIC_URL, "content-type": "application/json" },
      payload: JSON.stringify({ locale }),
    });
    expect(response.statusCode).toBe(200);
  }

  it("sends an account with no language the English e-mails", async () => {
    await signUp("Plain_Owl", "plain@example.com");
    const verification = await waitForMail(test.app, "plain@example.com", VERIFY_SUBJECT);
    expect(verification.text).toContain("Hi Plain_Owl,");
    expect(verification.html).toContain('<html lang="en" dir="ltr">');
    await new AccountsClient(test.app).post("/api/accounts/forgot-password", { email: "plain@example.com" });
    const reset = await waitForMail(test.app, "plain@example.com", RESET_SUBJECT);
    expect(reset.text).toContain("We received a request to reset the password of your Heartline account.");
  });

  it("sends an account whose language is Spanish the Spanish e-mails", async () => {
    const client = await signUp("Buho_Nocturno", "buho@example.com");
    await saveLocale(client, "es");
    const es = ACCOUNT_MAIL_TEXTS.es;

    expect((await client.post("/api/accounts/resend-verification")).statusCode).toBe(200);
    const verification = await waitForMail(test.app, "buho@example.com", es.verification.subject);
    expect(verification.subject).toBe("Verifica tu correo en Heartline");
    expect(verification.text).toContain("Hola, Buho_Nocturno:");
    expect(verification.text).toContain(es.verification.lead);
    expect(verification.html).toContain('<html lang="es" dir="ltr">');
    expect(verification.html).toContain(">Verificar correo</a>");

    await new AccountsClient(test.app).post("/api/accounts/forgot-password", { email: "buho@example.com" });
    const reset = await waitForMail(test.app, "buho@example.com", es.reset.subject);
    expect(reset.subject).toBe("Restablece tu contraseña de Heartline");
    expect(reset.text).toContain(es.reset.note);
    expect(reset.links[0]).toContain("resetToken=");
  });

  it("writes Arabic e-mails right to left", async () => {
    const client = await signUp("Layla_Star", "layla@example.com");
    await saveLocale(client, "ar");
    await new AccountsClient(test.app).post("/api/accounts/forgot-password", { email: "layla@example.com" });
    const reset = await waitForMail(test.app, "layla@example.com", ACCOUNT_MAIL_TEXTS.ar.reset.subject);
    expect(reset.html).toContain('<html lang="ar" dir="rtl">');
  });
});

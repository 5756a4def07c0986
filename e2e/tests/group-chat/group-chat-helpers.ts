import type { Page } from "playwright-core";
import type { RunningServer } from "../../support/server";

export const WAIT = { timeout: 20_000 };

/** YYYY-MM-DD for someone `years` old. */
export function birthDate(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years - 1);
  return date.toISOString().slice(0, 10);
}

/** POSTs JSON from inside the page, so the session cookie lands in this browser context. */
async function postJson(page: Page, path: string, body: unknown): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ({ path: target, body: payload }) => {
      const response = await fetch(target, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(payload),
      });
      return { status: response.status, text: await response.text() };
    },
    { path, body },
  );
}

function expectOk(result: { status: number; text: string }, what: string): void {
  if (result.status >= 400) throw new Error(`${what} failed with ${result.status}: ${result.text}`);
}

/** A guest session (spec §4 Guest flow), through the API (STYLE: sign in through the API). */
export async function signInAsGuest(page: Page, username: string, gender = "female"): Promise<void> {
  expectOk(
    await postJson(page, "/api/auth/sign-in/anonymous", { username, dob: birthDate(25), gender }),
    `guest ${username}`,
  );
  // Until the accounts issue's guest route lands, the name is set on the anonymous user afterwards.
  expectOk(
    await postJson(page, "/api/auth/update-user", { username, displayUsername: username }),
    `name ${username}`,
  );
}

/** The newest verification link the server logged (or wrote to its dev outbox) for `email`. */
function verificationLink(server: RunningServer, email: string): string | null {
  let found: string | null = null;
  for (const line of server.log().split("\n")) {
    if (!line.includes("verif")) continue;
    const match = /(https?:\/\/[^\s"']+verify-email[^\s"']*)/.exec(line);
    if (match?.[1] && (line.includes(email) || !found)) found = match[1];
  }
  return found;
}

/** A registered user with a verified e-mail, signed in in `page` (spec §4 Sign-up, verification). */
export async function signUpVerified(
  page: Page,
  server: RunningServer,
  account: { email: string; password: string; username: string; gender: string },
): Promise<void> {
  expectOk(
    await postJson(page, "/api/auth/sign-up/email", {
      email: account.email,
      password: account.password,
      name: account.username,
      username: account.username,
      dob: birthDate(30),
      gender: account.gender,
    }),
    `sign-up ${account.username}`,
  );
  let link: string | null = null;
  for (let attempt = 0; attempt < 50 && !link; attempt += 1) {
    link = verificationLink(server, account.email);
    if (!link) await page.waitForTimeout(100);
  }
  if (!link) throw new Error(`no verification link for ${account.email}\n${server.log()}`);
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await signIn(page, account.email, account.password);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  expectOk(await postJson(page, "/api/auth/sign-in/email", { email, password }), `sign-in ${email}`);
}

export async function signOut(page: Page): Promise<void> {
  expectOk(await postJson(page, "/api/auth/sign-out", {}), "sign-out");
}

/** A tiny valid PNG (2×2, red) for the image upload. */
export const RED_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

export const roomLog = (page: Page) => page.getByRole("log", { name: "Group messages" });

/** Opens the room and waits until the server let this user in (the composer is there). */
export async function enterRoom(page: Page): Promise<void> {
  await page.goto("/group-chat");
  await page.getByRole("heading", { level: 1, name: "Group chat" }).waitFor(WAIT);
}

export async function sendMessage(page: Page, text: string): Promise<void> {
  const box = page.getByRole("textbox", { name: "Message the group" });
  await box.click();
  await box.fill(text);
  await box.press("Enter");
}

/** Prints where a long browser scenario is, so a timeout says which step hung. */
export function step(name: string): void {
  process.stdout.write(`[group-chat e2e ${new Date().toISOString().slice(11, 19)}] ${name}\n`);
}

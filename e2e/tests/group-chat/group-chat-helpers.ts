import { deflateSync } from "node:zlib";
import type { Page } from "playwright-core";
import { birthDate, latestMail, onServer } from "../../support/accounts";
import { type RunningServer, useOwnServer } from "../../support/server";

export const WAIT = { timeout: 20_000 };

/**
 * The admin addresses of every file on a group-chat server. Each server is told them all, so that every
 * such file starts from the same configuration and its worker can have the next file's server started
 * while this one runs (`hasSpare`, support/server.ts; issue #37). None of those files signs one of them
 * up as anyone but its admin: a file that needs a new admin adds its own address here.
 */
const GROUP_CHAT_ADMINS = [
  "admin@heartline.test",
  "admin@tabs.heartline.test",
  "ana.a11y@heartline.test",
  "iris@heartline.test",
  "kim@heartline.test",
  "lead@heartline.test",
  "mod.ana@heartline.test",
  "noor@heartline.test",
  "wall.admin@heartline.test",
];

/**
 * The spec file's own server (a fresh one, its DATA_DIR never used): ADMIN_EMAILS makes `adminEmail` an
 * admin once verified and its password set through the reset link (ADR 0017; `signUpVerified` does
 * both). Returns the running server.
 */
export function useGroupChatServer(adminEmail: string): () => RunningServer {
  if (!GROUP_CHAT_ADMINS.includes(adminEmail)) {
    throw new Error(`${adminEmail} is not in GROUP_CHAT_ADMINS (group-chat-helpers.ts)`);
  }
  return useOwnServer(
    { ADMIN_EMAILS: GROUP_CHAT_ADMINS.join(","), HUMAN_CHECK: "off", LOG_LEVEL: "info" },
    { isOwnOrigin: true, hasSpare: true },
  );
}

/** POSTs JSON from inside the page, so the session cookie lands in this browser context. */
async function postJson(page: Page, path: string, body: unknown): Promise<void> {
  const result = await page.evaluate(
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
  if (result.status >= 400) throw new Error(`${path} failed with ${result.status}: ${result.text}`);
}

/** A guest session (spec §4 Guest flow), through the API (STYLE: sign in through the API). */
export async function signInAsGuest(page: Page, username: string, gender = "female"): Promise<void> {
  await postJson(page, "/api/accounts/guest", { username, dob: birthDate(25), gender });
}

/**
 * A registered user who opened the verification link from the dev outbox, signed in in `page`. An
 * `ADMIN_EMAILS` address then sets its password through the mailed reset link, as its owner would
 * (ADR 0017: the sign-up's password never makes an admin).
 */
export async function signUpVerified(
  page: Page,
  server: RunningServer,
  account: { email: string; password: string; username: string; gender: string },
): Promise<void> {
  await postJson(page, "/api/accounts/sign-up", { ...account, dob: birthDate(30) });
  const mail = await latestMail(server.baseUrl, account.email, /verify/i);
  await page.goto(onServer(mail.links.find((link) => link.includes("verify-email"))));
  // The link lands on `/?verified=1`, which opens Congratulations once the session has loaded (spec §4).
  // Until it opens, a marker in storage is waiting for it: a test that moved on at once would get the
  // modal over whatever page it opened next, at a moment set by the machine's load, hiding that page
  // from the accessibility tree. So wait for it here and close it, as a person would.
  const congratulations = page.getByRole("dialog", { name: "Congratulations" });
  const passwordCleared = page.getByRole("dialog", { name: "Email verified" });
  await congratulations.or(passwordCleared).waitFor(WAIT);
  if (await passwordCleared.isVisible()) {
    await setPasswordFromMail(page, server, account);
    return;
  }
  await page.keyboard.press("Escape");
  await congratulations.waitFor({ ...WAIT, state: "hidden" });
}

/** '/?verified=set-password' (signed out, ADR 0017): the reset link from the outbox, then sign-in. */
async function setPasswordFromMail(
  page: Page,
  server: RunningServer,
  account: { email: string; password: string },
): Promise<void> {
  await page.getByRole("dialog", { name: "Email verified" }).getByRole("button", { name: "OK" }).click();
  const mail = await latestMail(server.baseUrl, account.email, /password/i);
  await page.goto(onServer(mail.links.find((link) => link.includes("resetToken="))));
  const reset = page.getByRole("dialog", { name: "Reset Password" });
  await reset.getByLabel("New password", { exact: true }).fill(account.password);
  await reset.getByRole("button", { name: "Reset Password" }).click();
  await reset.getByText("Your password has been reset.").waitFor(WAIT);
  // The dialog would close itself 3 s later (spec §8, accounts/account-flows checks that); its owner,
  // done, closes it (issue #37: 3 s of every admin's sign-up).
  await page.keyboard.press("Escape");
  await reset.waitFor({ ...WAIT, state: "hidden" });
  await signIn(page, account.email, account.password);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await postJson(page, "/api/accounts/sign-in", { email, password });
}

export async function signOut(page: Page): Promise<void> {
  await postJson(page, "/api/accounts/sign-out", {});
}

/** A 160×100 PNG with a rose-to-violet gradient, built here so the test needs no fixture file. */
export function gradientPng(width = 160, height = 100): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = 225;
      row[2 + x * 3] = Math.round(29 + (x / width) * 120);
      row[3 + x * 3] = Math.round(72 + (y / height) * 160);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

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

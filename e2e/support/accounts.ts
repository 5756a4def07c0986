import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { gotoAndSettle } from "./browser";

/** YYYY-MM-DD of someone `years` old (a day either side with `extraDays`), as the date input takes it. */
export function birthDate(years: number, extraDays = 0): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + extraDays);
  return date.toISOString().slice(0, 10);
}

let counter = 0;
/**
 * Characters that never fold into another under the server's look-alike rule (issue #14: `0/o`, `1/l/i`,
 * `rn/m`, …), so two fresh names cannot read alike.
 */
const DISTINCT = "2689bcdfghjkmpquwxyz";
function distinctDigits(value: number): string {
  let out = "";
  for (let rest = value; rest > 0 || out === ""; rest = Math.floor(rest / DISTINCT.length)) {
    out = DISTINCT.charAt(rest % DISTINCT.length) + out;
  }
  return out;
}

/** A fresh username and e-mail per test (usernames are unique case-insensitively, spec §5). */
export function freshIdentity(prefix: string) {
  counter += 1;
  const tag = `${distinctDigits(Date.now() % 20 ** 5).padStart(5, DISTINCT.charAt(0))}${distinctDigits(counter)}`;
  return { username: `${prefix}_${tag}`.slice(0, 20), email: `${prefix}.${tag}@example.test` };
}

export async function openFromTopBar(page: Page, name: "Sign In" | "Create Account"): Promise<Locator> {
  await page.getByRole("banner").getByRole("button", { name, exact: true }).click();
  const dialog = page.getByRole("dialog", { name });
  await dialog.waitFor({ state: "visible" });
  return dialog;
}

export async function openGuestModal(page: Page): Promise<Locator> {
  await gotoAndSettle(page, "/");
  await page.getByRole("button", { name: "Join Chat Room", exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: "Join Chat Room" });
  await dialog.waitFor({ state: "visible" });
  return dialog;
}

export async function fillGuest(dialog: Locator, values: { username: string; dob: string; gender: string }) {
  await dialog.getByLabel("Username", { exact: true }).fill(values.username);
  await dialog.getByLabel("Date of birth", { exact: true }).fill(values.dob);
  await dialog.getByLabel("Gender", { exact: true }).selectOption(values.gender);
}

export interface SignUpValues {
  username: string;
  email: string;
  password: string;
  dob: string;
  gender: string;
}

export async function fillSignUp(dialog: Locator, values: Partial<SignUpValues>) {
  if (values.username !== undefined)
    await dialog.getByLabel("Username", { exact: true }).fill(values.username);
  if (values.email !== undefined) await dialog.getByLabel("Email", { exact: true }).fill(values.email);
  if (values.password !== undefined)
    await dialog.getByLabel("Password", { exact: true }).fill(values.password);
  if (values.dob !== undefined) await dialog.getByLabel("Date of birth", { exact: true }).fill(values.dob);
  if (values.gender !== undefined)
    await dialog.getByLabel("Gender", { exact: true }).selectOption(values.gender);
}

/** The accessible description of a labelled field: the §5 message under it. */
export async function fieldMessage(dialog: Locator, label: string): Promise<string | null> {
  const field = dialog.getByLabel(label, { exact: true });
  const describedBy = await field.getAttribute("aria-describedby");
  if (!describedBy) return null;
  // A field may be described by its error and its rules (a new password): the message is the error.
  const ids = describedBy.split(" ").filter(Boolean);
  const id = ids.find((candidate) => candidate.endsWith("-error")) ?? ids[0];
  return dialog.page().locator(`[id="${id}"]`).textContent();
}

export async function expectFieldMessage(dialog: Locator, label: string, message: string) {
  await expect.poll(() => fieldMessage(dialog, label), { timeout: 10_000 }).toBe(message);
  expect(await dialog.getByLabel(label, { exact: true }).getAttribute("aria-invalid")).toBe("true");
}

interface OutboxEntry {
  to: string;
  subject: string;
  links: string[];
}

/** The newest e-mail to `to` in the server's dev outbox (ARCHITECTURE §3), waiting for it to arrive. */
export async function latestMail(baseUrl: string, to: string, subject: RegExp): Promise<OutboxEntry> {
  let found: OutboxEntry | null = null;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${baseUrl}/dev/outbox/latest.json?to=${encodeURIComponent(to)}`);
        if (!response.ok) return false;
        const entry = (await response.json()) as OutboxEntry;
        if (!subject.test(entry.subject)) return false;
        found = entry;
        return true;
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(true);
  if (!found) throw new Error(`no e-mail to ${to}`);
  return found;
}

/**
 * An e-mailed link made relative: the server writes links for its PUBLIC_URL, and each test server
 * listens on its own port.
 */
export function onServer(link: string | undefined): string {
  if (!link) throw new Error("the e-mail has no such link");
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The signed-in user as the server sees this page's cookie. */
export async function currentUser(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch("/api/accounts/me", { credentials: "include" });
    const body = (await response.json()) as {
      user: { username: string; isGuest: boolean; emailVerified: boolean } | null;
    };
    return body.user;
  });
}

import type { Page } from "playwright-core";
import type { RunningServer } from "../../support/server";
import { enterRoom, signIn, signUpVerified, WAIT } from "../group-chat/group-chat-helpers";

export { WAIT };

export const PASSWORD = "correct-horse-1";

export interface Person {
  username: string;
  email: string;
  gender: string;
}

/** A registered, verified user signed in on `page`, standing in the group room. */
export async function registerAndEnter(page: Page, server: RunningServer, person: Person): Promise<void> {
  await page.goto("/");
  await signUpVerified(page, server, { ...person, password: PASSWORD });
  await enterRoom(page);
}

/** The same person in another browser (a phone), signed in through the API. */
export async function signInElsewhere(page: Page, person: Person): Promise<void> {
  await page.goto("/");
  await signIn(page, person.email, PASSWORD);
}

export const threadLog = (page: Page, partner: string) =>
  page.getByRole("log", { name: `Messages with ${partner}` });

/** The header link of a group chat page in the wide header (desktop). */
export const headerLink = (page: Page, name: RegExp) =>
  page.getByRole("navigation", { name: "Group chat", exact: true }).getByRole("link", { name });

export function step(name: string): void {
  process.stdout.write(`[social e2e ${new Date().toISOString().slice(11, 19)}] ${name}\n`);
}

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

/**
 * A running record of what `page` heard about friend requests: the API's answers and the socket's
 * pushes, with times. Printed when a step that depends on them fails, to tell a lost push from a
 * stale answer.
 */
export function traceFriendRequests(page: Page): { wrap: <T>(work: Promise<T>) => Promise<T> } {
  const lines: string[] = [];
  const started = Date.now();
  const note = (line: string) => lines.push(`+${Date.now() - started} ms ${line}`);
  const isRequestsApi = (url: string) => new URL(url).pathname.startsWith("/api/friend-requests");
  page.on("request", (request) => {
    if (isRequestsApi(request.url())) note(`→ ${request.method()} ${request.url()}`);
  });
  page.on("requestfailed", (request) => {
    if (isRequestsApi(request.url())) note(`✗ ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on("response", (response) => {
    if (!isRequestsApi(response.url())) return;
    void response
      .text()
      .catch((error: Error) => `(body unavailable: ${error.message})`)
      .then((body) => note(`← ${response.status()} ${response.url()} ${body.slice(0, 400)}`));
  });
  page.on("websocket", (socket) => {
    note(`socket ${socket.url()}`);
    socket.on("framereceived", ({ payload }) => {
      const text = String(payload);
      if (text.includes("friend_request")) note(`push ${text.slice(0, 400)}`);
    });
    socket.on("close", () => note("socket closed"));
  });
  page.on("console", (message) => note(`console.${message.type()} ${message.text().slice(0, 300)}`));
  const wrap = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (error) {
      const nav = await page
        .getByRole("navigation", { name: "Group chat", exact: true })
        .innerHTML({ timeout: 1_000 })
        .catch(() => "(no navigation)");
      // An open modal hides the rest of the page from role queries (a late Congratulations did).
      const dialogs = await page
        .getByRole("dialog")
        .evaluateAll((found) => found.map((dialog) => dialog.textContent));
      throw new Error(
        `${(error as Error).message}\n--- friend requests as the page heard them:\n${lines.join("\n")}\n--- header navigation:\n${nav}\n--- at ${page.url()}, open dialogs: ${JSON.stringify(dialogs)}`,
      );
    }
  };
  return { wrap };
}

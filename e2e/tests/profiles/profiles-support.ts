import type { Page } from "playwright-core";
import { expect } from "vitest";
import { birthDate, freshIdentity, latestMail } from "../../support/accounts";
import { gotoAndSettle } from "../../support/browser";

export const PASSWORD = "correct-horse-1";

export interface SignedInUser {
  id: string;
  username: string;
  email: string;
}

interface ApiAnswer {
  status: number;
  body: { user?: { id: string; username: string } | null; error?: { message?: string } } | null;
}

/** A same-origin JSON call from inside the page, so the browser's cookie and Origin go with it. */
export function callApi(page: Page, method: string, path: string, json?: unknown): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ method, path, json }) => {
      const response = await fetch(path, {
        method,
        credentials: "include",
        headers: json === undefined ? {} : { "Content-Type": "application/json" },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, json },
  );
}

/**
 * A registered, verified, signed-in user made through the server's routes (STYLE: sign in through
 * the API): sign-up, the verification link from the dev outbox, then sign-in.
 */
export async function signUpVerified(page: Page, baseUrl: string, prefix: string): Promise<SignedInUser> {
  const identity = freshIdentity(prefix);
  await gotoAndSettle(page, "/settings");
  const signUp = await callApi(page, "POST", "/api/accounts/sign-up", {
    ...identity,
    password: PASSWORD,
    dob: birthDate(30),
    gender: "female",
  });
  expect(signUp.status, JSON.stringify(signUp.body)).toBeLessThan(300);
  const mail = await latestMail(baseUrl, identity.email, /verif/i);
  const link = mail.links.find((href) => href.includes("verify-email"));
  expect(link, JSON.stringify(mail.links)).toBeTruthy();
  // The link carries the server's configured public address; this test server listens elsewhere.
  const target = new URL(link as string);
  const verified = await page.context().request.get(`${baseUrl}${target.pathname}${target.search}`);
  expect(verified.status()).toBeLessThan(400);
  const signIn = await callApi(page, "POST", "/api/accounts/sign-in", {
    email: identity.email,
    password: PASSWORD,
  });
  expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
  const id = signIn.body?.user?.id;
  if (!id) throw new Error(`sign-in answered no user: ${JSON.stringify(signIn.body)}`);
  return { id, username: identity.username, email: identity.email };
}

/** A guest session in this page (the human check is off on the test server). */
export async function joinAsGuestViaApi(page: Page, prefix: string): Promise<void> {
  await gotoAndSettle(page, "/settings");
  const { username } = freshIdentity(prefix);
  const answer = await callApi(page, "POST", "/api/accounts/guest", {
    username,
    dob: birthDate(25),
    gender: "male",
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The picture inside the dashboard's "Profile picture" card, once it is an uploaded image. */
export async function uploadedAvatarSrc(page: Page): Promise<string | null> {
  const img = page.getByRole("region", { name: "Profile picture" }).locator("img").first();
  if ((await img.count()) === 0) return null;
  return img.getAttribute("src");
}

import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
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

/** The upload inputs of the dashboard and the crop dialog each opens (issue #14). */
export const CROPPERS = {
  avatar: { input: "Profile picture file", dialog: "Crop your picture", area: "Picture crop area" },
  banner: { input: "Banner image file", dialog: "Crop your banner", area: "Banner crop area" },
} as const;

/**
 * Picks `png` for the dashboard's avatar or banner and waits for the crop dialog to show the picture
 * (its crop area appears once the picture is laid out). With `button`, through a click on it and the
 * file chooser it opens, as a person would; otherwise straight into the input. Returns the dialog.
 */
export async function pickForCrop(
  page: Page,
  kind: keyof typeof CROPPERS,
  png: Buffer,
  button?: Locator,
): Promise<Locator> {
  const names = CROPPERS[kind];
  const file = { name: "photo.png", mimeType: "image/png", buffer: png };
  if (button) {
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button.click()]);
    await chooser.setFiles(file);
  } else {
    await page.getByLabel(names.input).setInputFiles(file);
  }
  const dialog = page.getByRole("dialog", { name: names.dialog });
  await dialog.getByRole("group", { name: names.area }).waitFor({ timeout: 15_000 });
  return dialog;
}

/** A stored picture as the server serves it: its format, size and mean colour per channel. */
export async function fetchStoredImage(page: Page, baseUrl: string, src: string) {
  const served = await page.context().request.get(new URL(src, baseUrl).toString());
  expect(served.status()).toBe(200);
  const body = await served.body();
  const meta = await sharp(body).metadata();
  const { channels } = await sharp(body).stats();
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    mean: { red: channels[0]?.mean ?? 0, green: channels[1]?.mean ?? 0, blue: channels[2]?.mean ?? 0 },
  };
}

/** Whether an <img> has finished loading a real picture (not a broken address). */
export function isLoaded(img: Locator): Promise<boolean> {
  return img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);
}

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { currentUser } from "../../support/accounts";
import { gotoAndSettle, screenshot, useBrowser } from "../../support/browser";
import { useOwnServer } from "../../support/server";
import { gradientPng } from "../group-chat/group-chat-helpers";
import {
  CROPPERS,
  callApi,
  fetchStoredImage,
  isLoaded,
  joinAsGuestViaApi,
  pickForCrop,
  signUpVerified,
  uploadedAvatarSrc,
} from "./profiles-support";

// The human check is switched off through configuration only (issue #3), as in the accounts suite.
// Profile writes accept only the configured origin (CSRF check), so PUBLIC_URL is this server's.
const server = useOwnServer({ HUMAN_CHECK: "off", AUTH_RATE_LIMIT_SCALE: "100" }, { isOwnOrigin: true });

const browser = useBrowser();
const newPage = (options: Parameters<typeof browser.newPage>[0] = {}) =>
  browser.newPage({ baseUrl: server().baseUrl, ...options });

const TOAST_TIMEOUT = { timeout: 15_000 } as const;
const UPLOAD_TIMEOUT = { timeout: 30_000 } as const;

/**
 * A 1600×1200 gradient: green grows from 29 to 149 left to right, blue from 72 to 232 top to bottom,
 * so the mean colour of a stored crop says which part of the photo it came from.
 */
const PHOTO = () => gradientPng(1600, 1200);

describe("dashboard /group-chat/dashboard (issue #3 point 7)", () => {
  it("crops a picked photo (zoomed, moved by keys and by drag) to a 512 px square, stores and shows it", async () => {
    const page = await newPage();
    await signUpVerified(page, server().baseUrl, "pic");
    await gotoAndSettle(page, "/group-chat/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    const dialog = await pickForCrop(page, "avatar", PHOTO());
    const area = dialog.getByRole("group", { name: CROPPERS.avatar.area });
    // Keyboard users start on the crop area: + zooms, so do the buttons, arrow keys move.
    await expect.poll(() => area.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type("++");
    await dialog.getByRole("button", { name: "Zoom in" }).click();
    await dialog.getByRole("button", { name: "Zoom in" }).click();
    expect(await dialog.getByRole("slider", { name: "Zoom" }).inputValue()).toBe("2");
    await area.focus();
    for (let step = 0; step < 40; step += 1) await page.keyboard.press("ArrowRight");
    // A drag down shows the top of the photo (the cropper stops at its edge).
    const box = await dialog.getByTestId("crop-stage").boundingBox();
    if (!box) throw new Error("the crop stage has no box");
    await page.mouse.move(box.x + box.width / 2, box.y + 20);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 10, { steps: 8 });
    await page.mouse.up();
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });

    await expect.poll(() => uploadedAvatarSrc(page), UPLOAD_TIMEOUT).toMatch(/./);
    const stored = await fetchStoredImage(page, server().baseUrl, (await uploadedAvatarSrc(page)) as string);
    expect(stored).toMatchObject({ format: "jpeg", width: 512, height: 512 });
    // Zoom 2 keeps 600×600 of the photo; moved to its top-left corner, the mean green is about
    // 29 + 120 × 300/1600 = 52 and blue 72 + 160 × 300/1200 = 112 (the centre would give 89 and 152).
    expect(stored.mean.green).toBeGreaterThan(44);
    expect(stored.mean.green).toBeLessThan(60);
    expect(stored.mean.blue).toBeGreaterThan(104);
    expect(stored.mean.blue).toBeLessThan(120);
    const shown = page.getByRole("region", { name: "Profile picture" }).locator("img").first();
    await expect.poll(() => isLoaded(shown), UPLOAD_TIMEOUT).toBe(true);
  });

  it("crops a banner to 4:1 at 1200 × 300; Cancel sends nothing; a GIF skips the cropper", async () => {
    const page = await newPage();
    const user = await signUpVerified(page, server().baseUrl, "ban");
    await gotoAndSettle(page, "/group-chat/dashboard");
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/users/me/")) uploads.push(request.url());
    });
    const uploadBanner = page.getByRole("button", { name: "Upload banner" });
    const cancelled = await pickForCrop(page, "banner", PHOTO(), uploadBanner);
    await cancelled.getByRole("button", { name: "Cancel" }).click();
    await cancelled.waitFor({ state: "detached" });
    expect(uploads).toEqual([]);
    // Focus goes back to the button that opened the chooser.
    await expect
      .poll(() => uploadBanner.evaluate((element) => element === document.activeElement))
      .toBe(true);

    const dialog = await pickForCrop(page, "banner", PHOTO());
    await dialog.getByRole("button", { name: "Save" }).click();
    const banner = page.getByRole("img", { name: `${user.username}'s banner` }).locator("img");
    await banner.waitFor(UPLOAD_TIMEOUT);
    const stored = await fetchStoredImage(
      page,
      server().baseUrl,
      (await banner.getAttribute("src")) as string,
    );
    expect(stored).toMatchObject({ format: "jpeg", width: 1200, height: 300 });
    await expect.poll(() => isLoaded(banner)).toBe(true);
    expect(uploads).toHaveLength(1);

    // A GIF is kept as it is (spec §5, animation included), so it goes without the dialog.
    await page.getByLabel(CROPPERS.avatar.input).setInputFiles({
      name: "wave.gif",
      mimeType: "image/gif",
      buffer: await sharp(gradientPng(60, 40)).gif().toBuffer(),
    });
    await expect.poll(() => uploadedAvatarSrc(page), UPLOAD_TIMEOUT).toMatch(/\.gif$/);
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("names the cause of a failed upload under the button and clears it when an upload succeeds", async () => {
    const page = await newPage();
    await signUpVerified(page, server().baseUrl, "err");
    await gotoAndSettle(page, "/group-chat/dashboard");
    // A GIF header with nothing readable after it: the browser sends it, the server refuses it.
    await page.getByLabel(CROPPERS.avatar.input).setInputFiles({
      name: "broken.gif",
      mimeType: "image/gif",
      buffer: Buffer.concat([Buffer.from("GIF89a", "ascii"), Buffer.alloc(64, 7)]),
    });
    const error = page.getByTestId("picture-upload-error");
    await error.waitFor(UPLOAD_TIMEOUT);
    expect(await error.textContent()).toBe("The image could not be read. Please try another file.");
    await page
      .getByRole("status")
      .filter({ hasText: "The image could not be read. Please try another file." })
      .waitFor(TOAST_TIMEOUT);
    const button = page.getByRole("button", { name: "Upload picture" });
    expect(await button.getAttribute("aria-describedby")).toBe(await error.getAttribute("id"));
    await error.scrollIntoViewIfNeeded();
    await screenshot(page, "dashboard-upload-error-light-desktop.png", { fullPage: false });

    const dialog = await pickForCrop(page, "avatar", PHOTO());
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => uploadedAvatarSrc(page), UPLOAD_TIMEOUT).toMatch(/\.jpg$/);
    await error.waitFor({ state: "detached" });
    expect(await button.getAttribute("aria-describedby")).toBeNull();
  });

  it("refuses an oversized or non-image file with the exact message and sends nothing", async () => {
    const page = await newPage();
    await signUpVerified(page, server().baseUrl, "bad");
    await gotoAndSettle(page, "/group-chat/dashboard");
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/users/me/")) uploads.push(request.url());
    });
    await page.getByLabel("Profile picture file").setInputFiles({
      name: "huge.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.alloc(6 * 1024 * 1024, 1),
    });
    await page
      .getByTestId("picture-upload-error")
      .getByText("File size exceeds 5MB limit", { exact: true })
      .waitFor(TOAST_TIMEOUT);
    await page.getByLabel("Banner image file").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    await page
      .getByTestId("banner-upload-error")
      .getByText("Invalid file type. Only JPG, PNG, GIF, and WebP are allowed.", { exact: true })
      .waitFor(TOAST_TIMEOUT);
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(uploads).toEqual([]);
  });

  it("chooses a built-in avatar and saves the bio, both kept after a reload", async () => {
    const page = await newPage();
    await signUpVerified(page, server().baseUrl, "bio");
    await gotoAndSettle(page, "/group-chat/dashboard");
    // The radio is checked once the server has the choice (a controlled input), so `check()` — which
    // wants the state changed at once — fails on a slow server; click, then wait for the saved value.
    await page.getByRole("radio", { name: "Cat avatar" }).click({ force: true });
    await expect
      .poll(async () => ((await currentUser(page)) as { profileImage?: string } | null)?.profileImage)
      .toBe("avatar-4");
    await page.getByRole("textbox", { name: "Bio" }).fill("Tea, books and late-night chats.");
    await page.getByRole("button", { name: "Save bio" }).click();
    await page.getByText("Bio saved").waitFor();
    await gotoAndSettle(page, "/group-chat/dashboard");
    await expect
      .poll(() => page.getByTestId("profile-bio").textContent())
      .toBe("Tea, books and late-night chats.");
    expect(await page.getByRole("radio", { name: "Cat avatar" }).isChecked()).toBe(true);
  });

  it("deleting the account signs out, goes home, and the profile then reads 'Deleted User'", async () => {
    const page = await newPage();
    const user = await signUpVerified(page, server().baseUrl, "del");
    await gotoAndSettle(page, "/settings");
    await page.getByRole("button", { name: "Delete account…" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await dialog.waitFor();
    await dialog.getByLabel(`Type ${user.username} to confirm`).fill(user.username);
    await dialog.getByRole("button", { name: "Delete account", exact: true }).click();
    await page.getByText("Your account has been deleted.").waitFor(TOAST_TIMEOUT);
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => currentUser(page)).toBeNull();

    const other = await newPage();
    await joinAsGuestViaApi(other, "look");
    const profile = await callApi(other, "GET", `/api/users/${user.id}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ isDeleted: true, username: "Deleted User" });
  });
});

describe("dashboard and settings screenshots (written to e2e/artifacts/)", () => {
  const LOOKS = [
    { colorScheme: "light", viewport: "desktop" },
    { colorScheme: "dark", viewport: "desktop" },
    { colorScheme: "light", viewport: "phone" },
    { colorScheme: "dark", viewport: "phone" },
  ] as const;

  it.each(LOOKS)("$colorScheme $viewport", async ({ colorScheme, viewport }) => {
    const page = await newPage({ colorScheme, viewport });
    await signUpVerified(page, server().baseUrl, "shot");
    await callApi(page, "PATCH", "/api/users/me", { bio: "Here for kind strangers and good playlists." });
    await gotoAndSettle(page, "/group-chat/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await screenshot(page, `dashboard-${colorScheme}-${viewport}.png`);
    for (const kind of ["avatar", "banner"] as const) {
      const dialog = await pickForCrop(page, kind, PHOTO());
      await screenshot(page, `crop-${kind}-${colorScheme}-${viewport}.png`, { fullPage: false });
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
    }
    await gotoAndSettle(page, "/settings");
    await page.getByRole("heading", { level: 2, name: "Account" }).waitFor();
    await screenshot(page, `settings-account-${colorScheme}-${viewport}.png`);
  });
});

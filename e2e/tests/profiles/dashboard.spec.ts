import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { currentUser } from "../../support/accounts";
import { gotoAndSettle, screenshot, useBrowser } from "../../support/browser";
import { useOwnServer } from "../../support/server";
import { callApi, joinAsGuestViaApi, signUpVerified, uploadedAvatarSrc } from "./profiles-support";

// The human check is switched off through configuration only (issue #3), as in the accounts suite.
// Profile writes accept only the configured origin (CSRF check), so PUBLIC_URL is this server's.
const server = useOwnServer({ HUMAN_CHECK: "off", AUTH_RATE_LIMIT_SCALE: "100" }, { isOwnOrigin: true });

const browser = useBrowser();
const newPage = (options: Parameters<typeof browser.newPage>[0] = {}) =>
  browser.newPage({ baseUrl: server().baseUrl, ...options });

const TOAST_TIMEOUT = { timeout: 15_000 } as const;

/** A 2400×1600 PNG with some structure, so the re-encoded JPEG is a real photo-sized picture. */
async function bigPng(): Promise<Buffer> {
  const width = 2400;
  const height = 1600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    pixels[i] = (x * 7) % 256;
    pixels[i + 1] = Math.floor(i / 3 / width) % 256;
    pixels[i + 2] = 180;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe("dashboard /group-chat/dashboard (issue #3 point 7)", () => {
  it("uploads a picture that comes back as a JPEG of at most 1200 px, and shows it", async () => {
    const page = await newPage();
    await signUpVerified(page, server().baseUrl, "pic");
    await gotoAndSettle(page, "/group-chat/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await page.getByLabel("Profile picture file").setInputFiles({
      name: "holiday.png",
      mimeType: "image/png",
      buffer: await bigPng(),
    });
    await expect.poll(() => uploadedAvatarSrc(page), { timeout: 30_000 }).toMatch(/./);
    const src = (await uploadedAvatarSrc(page)) as string;
    const served = await page.context().request.get(new URL(src, server().baseUrl).toString());
    expect(served.status()).toBe(200);
    const meta = await sharp(await served.body()).metadata();
    expect(meta.format).toBe("jpeg");
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1200);
    expect(meta.width).toBe(1200);
    expect(meta.height).toBe(800);
    const loaded = await page
      .getByRole("region", { name: "Profile picture" })
      .locator("img")
      .first()
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(loaded).toBe(true);
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
    await page.getByText("File size exceeds 5MB limit", { exact: true }).waitFor(TOAST_TIMEOUT);
    await page.getByLabel("Banner image file").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    await page
      .getByText("Invalid file type. Only JPG, PNG, GIF, and WebP are allowed.", { exact: true })
      .waitFor(TOAST_TIMEOUT);
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
    await gotoAndSettle(page, "/settings");
    await page.getByRole("heading", { level: 2, name: "Account" }).waitFor();
    await screenshot(page, `settings-account-${colorScheme}-${viewport}.png`);
  });
});

import { existsSync } from "node:fs";
import path from "node:path";
import {
  ACCOUNT_PATHS,
  type AccountUser,
  UPLOAD_SERVER_MESSAGES,
  VALIDATION_MESSAGES,
} from "@heartline/shared";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads, user } from "../../src/db/schema";
import {
  gpsTaggedJpeg,
  HTML_PAGE,
  multipartFile,
  oversizedFile,
  pngDeclaring,
  SVG_IMAGE,
  smallGif,
  smallPng,
} from "../fixtures/images";
import { asUser, createGuestUser, createRegisteredUser, type TestUser } from "../fixtures/users";
import { startTestApp, type TestApp } from "../helpers/test-app";

describe("profile and banner uploads (spec §5 Image upload, §9)", () => {
  let test: TestApp;
  let member: TestUser;

  beforeAll(async () => {
    test = await startTestApp();
    member = await createRegisteredUser(test.app);
  });
  afterAll(async () => {
    await test.close();
  });

  async function upload(
    owner: TestUser | null,
    data: Buffer,
    options: { filename?: string; contentType?: string; url?: string } = {},
  ) {
    const body = multipartFile(data, options);
    return test.app.inject({
      method: "POST",
      url: options.url ?? ACCOUNT_PATHS.myAvatar,
      headers: { ...(owner ? asUser(owner) : {}), ...body.headers },
      payload: body.payload,
    });
  }

  /** The stored file behind a `/uploads/…` address, read through the public route. */
  async function download(url: string) {
    return test.app.inject({ method: "GET", url });
  }

  async function expectHealthy(): Promise<void> {
    const health = await test.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
  }

  it("re-encodes a GPS-tagged JPEG: no EXIF or GPS left, 1200 px on the longer side", async () => {
    const original = await gpsTaggedJpeg(1600, 900);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const response = await upload(member, original);
    expect(response.statusCode).toBe(200);
    const { user: account } = response.json<{ user: AccountUser }>();
    expect(account.profileImage).toMatch(
      new RegExp(`^/uploads/users/${member.id}/profile/[0-9a-f-]{36}\\.jpg$`),
    );

    const file = await download(account.profileImage ?? "");
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/jpeg");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(file.rawPayload).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(file.rawPayload.includes("PhoneMaker")).toBe(false);
    expect([metadata.width, metadata.height]).toEqual([1200, 675]);

    const [row] = await test.app.db.select().from(user).where(eq(user.id, member.id));
    expect(row?.profileImagePath).toBe(account.profileImage?.replace(/^\/uploads\//, ""));
    const records = await test.app.db.select().from(uploads).where(eq(uploads.userId, member.id));
    expect(records).toMatchObject([{ kind: "profile", mime: "image/jpeg", width: 1200, height: 675 }]);
  });

  it("removes the old file and its record when a second picture replaces it", async () => {
    const first =
      (await upload(member, await smallPng())).json<{ user: AccountUser }>().user.profileImage ?? "";
    const firstFile = path.join(test.dataDir, first); // `/uploads/…` mirrors `DATA_DIR/uploads/…`
    expect(existsSync(firstFile)).toBe(true);

    const second = await upload(member, await smallPng(80, 80));
    expect(second.statusCode).toBe(200);
    expect(existsSync(firstFile)).toBe(false);
    expect((await download(first)).statusCode).toBe(404);
    const records = await test.app.db.select().from(uploads).where(eq(uploads.userId, member.id));
    expect(records.map((record) => `/uploads/${record.storagePath}`)).toEqual([
      second.json<{ user: AccountUser }>().user.profileImage,
    ]);
  });

  it("keeps a GIF a GIF of the same size, re-encoded (no extension blocks carried over)", async () => {
    const gif = await smallGif();
    const response = await upload(member, gif, { filename: "party.gif", contentType: "image/gif" });
    expect(response.statusCode).toBe(200);
    const url = response.json<{ user: AccountUser }>().user.profileImage ?? "";
    expect(url).toMatch(/\.gif$/);
    const file = await download(url);
    expect(file.headers["content-type"]).toBe("image/gif");
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["gif", 40, 30]);
  });

  it("stores a banner apart from the profile picture", async () => {
    const response = await upload(member, await smallPng(), { url: ACCOUNT_PATHS.myBanner });
    expect(response.statusCode).toBe(200);
    const account = response.json<{ user: AccountUser }>().user;
    expect(account.bannerImage).toMatch(new RegExp(`^/uploads/users/${member.id}/banner/`));
    expect(account.profileImage).toMatch(/\/profile\//);
  });

  it.each([
    ["an SVG", SVG_IMAGE, "drawing.svg", "image/svg+xml", VALIDATION_MESSAGES.uploadInvalidType],
    [
      "an HTML page named .png",
      HTML_PAGE,
      "innocent.png",
      "image/png",
      VALIDATION_MESSAGES.uploadInvalidType,
    ],
    ["a 6 MB file", oversizedFile(), "huge.jpg", "image/jpeg", VALIDATION_MESSAGES.uploadTooLarge],
    [
      "a PNG declaring 20000×20000 pixels",
      pngDeclaring(20_000, 20_000),
      "bomb.png",
      "image/png",
      UPLOAD_SERVER_MESSAGES.tooManyPixels,
    ],
  ])("refuses %s with its message and stays healthy", async (_name, data, filename, contentType, message) => {
    const [before] = await test.app.db.select().from(user).where(eq(user.id, member.id));
    const response = await upload(member, data, { filename, contentType });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual({ error: { code: "bad_request", message } });
    const [after] = await test.app.db.select().from(user).where(eq(user.id, member.id));
    expect(after?.profileImage).toBe(before?.profileImage);
    await expectHealthy();
  });

  it("answers a browser-style FormData upload over real HTTP, too big or fine", async () => {
    const send = (data: Buffer, name: string) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(data)], { type: "image/png" }), name);
      return fetch(`${test.url}${ACCOUNT_PATHS.myAvatar}`, {
        method: "POST",
        headers: asUser(member),
        body: form,
      });
    };
    const tooBig = await send(oversizedFile(), "huge.png");
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({
      error: { code: "bad_request", message: VALIDATION_MESSAGES.uploadTooLarge },
    });
    const fine = await send(await smallPng(), "fine.png");
    expect(fine.status).toBe(200);
    await expectHealthy();
  });

  it("refuses an upload without a session: 'User must be authenticated to upload files'", async () => {
    const response = await upload(null, await smallPng());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: "unauthorized", message: VALIDATION_MESSAGES.uploadUnauthenticated },
    });
  });

  it("refuses a request with no file part or a wrong field name", async () => {
    const wrongField = multipartFile(await smallPng(), { field: "picture" });
    const response = await test.app.inject({
      method: "POST",
      url: ACCOUNT_PATHS.myAvatar,
      headers: { ...asUser(member), ...wrongField.headers },
      payload: wrongField.payload,
    });
    expect(response.json()).toEqual({
      error: { code: "bad_request", message: UPLOAD_SERVER_MESSAGES.missingFile },
    });
    const json = await test.app.inject({
      method: "POST",
      url: ACCOUNT_PATHS.myAvatar,
      headers: { ...asUser(member), "content-type": "application/json" },
      payload: { file: "data:image/png;base64,AAAA" },
    });
    expect(json.statusCode).toBe(400);
  });

  it("refuses a cookie-bearing upload from a foreign origin (CSRF)", async () => {
    const body = multipartFile(await smallPng());
    const response = await test.app.inject({
      method: "POST",
      url: ACCOUNT_PATHS.myAvatar,
      headers: { cookie: member.cookie, origin: "https://evil.example", ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(403);
  });

  it("lets a guest upload too, into the guest's own folder", async () => {
    const guest = await createGuestUser(test.app);
    const response = await upload(guest, await smallPng());
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: AccountUser }>().user.profileImage).toContain(`/users/${guest.id}/profile/`);
    expect(existsSync(path.join(test.dataDir, "uploads", "users", guest.id, "profile"))).toBe(true);
  });

  it("limits uploads per account (issue #3 point 10)", async () => {
    const busy = await createRegisteredUser(test.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      statuses.push((await upload(busy, SVG_IMAGE, { filename: "x.svg" })).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    const last = await upload(busy, await smallPng());
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({
      error: { code: "rate_limited", message: UPLOAD_SERVER_MESSAGES.tooManyUploads },
    });
  });
});

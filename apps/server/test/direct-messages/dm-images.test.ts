import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import {
  ACCOUNT_PATHS,
  AUTOMOD_FLAG_REASON,
  AUTOMOD_PATHS,
  DM_IMAGE_MESSAGES,
  type GroupImageUpload,
  revealedDmImageUrl,
  SERVER_MESSAGES,
  SOCIAL_PATHS,
} from "@heartline/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUP_UPLOAD_GRACE_MS, sweepUnattachedUploads } from "../../src/features/group-chat/group-uploads";
import { BLURRED_SIDE_PX } from "../../src/features/profiles/blurred-rendition";
import { UPLOADS_CACHE_CONTROL } from "../../src/lib/file-store";
import { openReports } from "../automod/automod-fixtures";
import { generatedImages } from "../fixtures/generated-images";
import {
  cookieOf,
  createGuest,
  createRegistered,
  personHeaders,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { multipartFile } from "../fixtures/images";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { type DmMember, dmMember, sendOk, text } from "./dm-fixtures";

/**
 * Issue #33: direct-message images are the pair's, not public files, and the receiver of an explicit
 * one gets its blurred rendition until they ask. At MODERATION_IMAGE_THRESHOLD=0.005 the real model
 * blurs the generated `gradient` (~0.02) and lets `shapes` (~0.00003) through (see automod-gif-frames).
 */
const THRESHOLD = 0.005;
const NOT_FOUND = { error: { code: "not_found", message: DM_IMAGE_MESSAGES.notFound } };

describe("direct-message images are served to the pair only (issue #33)", () => {
  let test: TestApp;
  let sender: DmMember;
  let receiver: DmMember;
  let stranger: TestPerson;
  let admin: TestPerson;
  let guest: TestPerson;
  let images: Record<string, Buffer>;

  beforeAll(async () => {
    test = await startTestApp({ env: { MODERATION_IMAGE_THRESHOLD: String(THRESHOLD) } });
    [sender, receiver] = [await dmMember(test, "dmis"), await dmMember(test, "dmir")];
    stranger = await createRegistered(test.app, "Dm_Img_Stranger");
    admin = await createRegistered(test.app, "Dm_Img_Admin", { isAdmin: true });
    guest = await createGuest(test.app, "Dm_Img_Guest");
    images = await generatedImages();
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  async function uploadDmImage(person: TestPerson, picture: Buffer): Promise<string> {
    const body = multipartFile(picture);
    const response = await test.app.inject({
      method: "POST",
      url: SOCIAL_PATHS.dmImages,
      headers: { ...personHeaders(person), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<GroupImageUpload>().url;
  }
  const view = (person: TestPerson | null, url: string) =>
    test.app.inject({ method: "GET", url, headers: person ? { cookie: cookieOf(person) } : {} });
  const fileOf = (url: string) => readFile(path.join(test.dataDir, url));
  const sendImage = (url: string) =>
    sendOk(sender.socket, { ...text(receiver.person.id, url), type: "image" });

  it("shows an image to its uploader, then to the receiver once sent, privately cached; to nobody else", async () => {
    const url = await uploadDmImage(sender.person, images.shapes as Buffer);
    expect(url).toMatch(/^\/uploads\/users\/\w+\/dm\/[0-9a-f-]{36}-\d{1,5}x\d{1,5}\.jpg$/);
    const stored = await fileOf(url);
    const own = await view(sender.person, url);
    expect(own.statusCode).toBe(200);
    expect(Buffer.compare(own.rawPayload, stored)).toBe(0);
    // Not sent yet: the receiver-to-be is a stranger to it.
    const early = await view(receiver.person, url);
    expect(early.statusCode).toBe(404);
    expect(early.json()).toEqual(NOT_FOUND);

    const sent = await sendImage(url);
    expect(sent.sensitive).toBeUndefined();
    const seen = await view(receiver.person, url);
    expect(seen.statusCode).toBe(200);
    expect(Buffer.compare(seen.rawPayload, stored)).toBe(0);
    expect(seen.headers).toMatchObject({
      "content-type": "image/jpeg",
      "cache-control": "private, max-age=31536000, immutable",
      vary: "cookie",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    });

    for (const [who, person] of [
      ["signed out", null],
      ["a stranger", stranger],
      ["an admin", admin],
      ["a guest", guest],
    ] as const) {
      for (const address of [url, revealedDmImageUrl(url)]) {
        const refused = await view(person, address);
        expect(refused.statusCode, `${who} ${address}`).toBe(404);
        expect(refused.json(), who).toEqual(NOT_FOUND);
      }
    }
    // No other address reaches the file: a longer path falls to /uploads/*, which never serves dm/.
    const [, owner, file] = /^\/uploads\/users\/(\w+)\/dm\/(.+)$/.exec(url) ?? [];
    for (const address of [
      `/uploads/users/${owner}/dm/x/${file}`,
      `/uploads/users/${owner}/dm/${file?.toUpperCase()}`,
      `/uploads/users/${owner}/dm/../dm/${file}`,
    ]) {
      expect((await view(stranger, address)).statusCode, address).toBe(404);
    }
  }, 120_000);

  it("keeps group images and pictures public, with one year of shared caching", async () => {
    const body = multipartFile(images.shapes as Buffer);
    const response = await test.app.inject({
      method: "POST",
      url: "/api/group/images",
      headers: { ...personHeaders(stranger), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const shown = await view(null, response.json<GroupImageUpload>().url);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["cache-control"]).toBe(UPLOADS_CACHE_CONTROL);
  });

  it("gives the receiver of an explicit image its blurred rendition until they ask, and asking needs the setting", async () => {
    const url = await uploadDmImage(sender.person, images.gradient as Buffer);
    const sent = await sendImage(url);
    expect(sent.sensitive).toBe(true);
    const original = await fileOf(url);

    const blurred = await view(receiver.person, url);
    expect(blurred.statusCode).toBe(200);
    expect(blurred.headers).toMatchObject({
      "content-type": "image/jpeg",
      "cache-control": "private, no-cache",
    });
    const small = await sharp(blurred.rawPayload).metadata();
    expect(Math.max(small.width ?? 0, small.height ?? 0)).toBe(BLURRED_SIDE_PX);
    expect(blurred.rawPayload.length).toBeLessThan(original.length);
    // The sender sees what they sent.
    expect(Buffer.compare((await view(sender.person, url)).rawPayload, original)).toBe(0);

    const reveal = revealedDmImageUrl(url);
    const withoutSetting = await view(receiver.person, reveal);
    expect(withoutSetting.statusCode).toBe(403);
    expect(withoutSetting.json()).toEqual({
      error: { code: "forbidden", message: DM_IMAGE_MESSAGES.revealNeedsSetting },
    });
    const setting = await requestAs(test.app, receiver.person, "PATCH", ACCOUNT_PATHS.myProfile, {
      showSensitiveImages: true,
    });
    expect(setting.statusCode, setting.body).toBe(200);
    const revealed = await view(receiver.person, reveal);
    expect(revealed.statusCode).toBe(200);
    expect(Buffer.compare(revealed.rawPayload, original)).toBe(0);
    expect(revealed.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    const strangerReveal = await view(stranger, reveal);
    expect(strangerReveal.statusCode).toBe(404);
    expect(strangerReveal.json()).toEqual(NOT_FOUND);
    expect((await view(receiver.person, `${url}?reveal=yes`)).statusCode).toBe(400);

    // An admin's "allow" makes it an ordinary image: the address now gives the original.
    const [flag] = (await openReports(test.app, admin)).filter(
      (report) => report.messageId === sent.id && report.reason === AUTOMOD_FLAG_REASON,
    );
    const allowed = await requestAs(test.app, admin, "POST", AUTOMOD_PATHS.adminAllowImage(flag?.id ?? ""));
    expect(allowed.statusCode, allowed.body).toBe(200);
    const plain = await view(receiver.person, url);
    expect(Buffer.compare(plain.rawPayload, original)).toBe(0);
  }, 120_000);

  it("makes the rendition of an image blurred before renditions were stored, once", async () => {
    const url = await uploadDmImage(sender.person, images.gradient as Buffer);
    await sendImage(url);
    const rendition = path.join(test.dataDir, url.replace(/\.jpg$/, "-blurred.jpg"));
    await rm(rendition);
    const blurred = await view(receiver.person, url);
    expect(blurred.statusCode).toBe(200);
    expect((await sharp(blurred.rawPayload).metadata()).width).toBe(BLURRED_SIDE_PX);
    expect(existsSync(rendition)).toBe(true);
  }, 120_000);

  it("sweeps an unsent blurred image together with its rendition", async () => {
    const url = await uploadDmImage(sender.person, images.gradient as Buffer);
    const files = [url, url.replace(/\.jpg$/, "-blurred.jpg")].map((file) => path.join(test.dataDir, file));
    expect(files.map((file) => existsSync(file))).toEqual([true, true]);
    await sweepUnattachedUploads(
      { db: test.app.db, storage: test.app.storage, log: test.app.log },
      Date.now() + GROUP_UPLOAD_GRACE_MS + 1_000,
    );
    expect(files.map((file) => existsSync(file))).toEqual([false, false]);
  }, 120_000);

  it("limits how many images one user may load per minute", async () => {
    const url = await uploadDmImage(sender.person, images.shapes as Buffer);
    let answer = await view(stranger, url);
    for (let i = 0; i < 300 && answer.statusCode === 404; i++) answer = await view(stranger, url);
    expect(answer.statusCode).toBe(429);
    expect(answer.json()).toEqual({
      error: { code: "rate_limited", message: SERVER_MESSAGES.tooManyRequests },
    });
  }, 120_000);
});

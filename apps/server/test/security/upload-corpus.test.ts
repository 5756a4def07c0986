import { readFile } from "node:fs/promises";
import path from "node:path";
import { ACCOUNT_PATHS, UPLOAD_SERVER_MESSAGES, VALIDATION_MESSAGES } from "@heartline/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRegistered, personHeaders, type TestPerson } from "../fixtures/group-fixtures";
import { multipartFile } from "../fixtures/images";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { buildCorpus, type CorpusItem, SECRET } from "./hostile-images";
import { describeLag, expectNoFreeze, type LagReport, startLagMonitor } from "./lag-monitor";
import { writeCounts } from "./write-counts";

const ROUTES = [ACCOUNT_PATHS.myAvatar, ACCOUNT_PATHS.myBanner, "/api/group/images"] as const;

/** Byte strings that betray metadata or a payload carried over into a stored file. */
const NEEDLES: Buffer[] = [
  "GPS",
  "Exif",
  "XMP",
  "<x:xmpmeta",
  "xpacket",
  "tEXt",
  "iTXt",
  "zTXt",
  "eXIf",
  "<?php",
  "<script",
  "<html",
  SECRET,
  "PhoneMaker",
].map((text) => Buffer.from(text, "latin1"));
const GIF_COMMENT_EXTENSION = Buffer.from([0x21, 0xfe]);
const ZIP_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

describe("hostile upload corpus on every upload route", () => {
  let test: TestApp;
  let corpus: CorpusItem[];
  const uploaders: { person: TestPerson; used: number }[] = [];
  let requestCount = 0;
  let lag: LagReport | undefined;

  beforeAll(async () => {
    test = await startTestApp();
    corpus = await buildCorpus({
      invalidType: VALIDATION_MESSAGES.uploadInvalidType,
      unreadable: UPLOAD_SERVER_MESSAGES.unreadable,
      tooManyPixels: UPLOAD_SERVER_MESSAGES.tooManyPixels,
      tooManyFrames: UPLOAD_SERVER_MESSAGES.tooManyFrames,
      animationTooLarge: UPLOAD_SERVER_MESSAGES.animationTooLarge,
      missingFile: UPLOAD_SERVER_MESSAGES.missingFile,
    });
    // Made up front: signing up hashes a password on this thread, which is not what is measured.
    const needed = Math.ceil((corpus.length * ROUTES.length) / 15);
    for (let i = 0; i < needed; i++) {
      uploaders.push({ person: await createRegistered(test.app, `Uploader_${i}`), used: 0 });
    }
    await writeCounts(test.app);
  }, 120_000);
  afterAll(async () => {
    console.info(
      `[upload-corpus] ${corpus?.length} items × ${ROUTES.length} routes; ${lag ? describeLag(lag) : "not measured"}`,
    );
    await test?.close();
  });

  /** A registered, verified uploader with uploads left (20 per account per hour across the routes). */
  function uploader(): TestPerson {
    const current = uploaders.find((candidate) => candidate.used < 15);
    if (!current) throw new Error("not enough uploaders made in beforeAll");
    current.used++;
    return current.person;
  }

  async function upload(route: string, item: CorpusItem) {
    const person = uploader();
    const body = multipartFile(item.data, { filename: item.filename, contentType: item.contentType });
    requestCount++;
    return test.app.inject({
      method: "POST",
      url: route,
      // Each request from its own address: the per-IP limit is not what this suite tests.
      remoteAddress: `10.77.${requestCount >> 8}.${requestCount & 255}`,
      headers: { ...personHeaders(person), ...body.headers },
      payload: body.payload,
    });
  }

  function storedUrl(route: string, json: Record<string, unknown>): string {
    if (route === "/api/group/images") return json.url as string;
    const account = json.user as { profileImage: string | null; bannerImage: string | null };
    return (route === ACCOUNT_PATHS.myBanner ? account.bannerImage : account.profileImage) ?? "";
  }

  async function expectClean(file: Buffer, context: string, format: "jpeg" | "gif", pages?: number) {
    const metadata = await sharp(file, { animated: true }).metadata();
    expect.soft(metadata.format, context).toBe(format);
    if (pages) expect.soft(metadata.pages, context).toBe(pages);
    expect.soft(metadata.exif, context).toBeUndefined();
    expect.soft(metadata.xmp, context).toBeUndefined();
    expect.soft(metadata.iptc, context).toBeUndefined();
    expect.soft(metadata.comments, context).toBeUndefined();
    for (const needle of NEEDLES) expect.soft(file.includes(needle), `${context}: "${needle}"`).toBe(false);
    expect.soft(file.includes(ZIP_HEADER), `${context}: ZIP header`).toBe(false);
    if (format === "gif")
      expect.soft(file.includes(GIF_COMMENT_EXTENSION), `${context}: GIF comment`).toBe(false);
  }

  it("accepts only real images, stores them without metadata or payload, refuses the rest with the catalogue message", async () => {
    const monitor = startLagMonitor();
    let accepted = 0;
    let refused = 0;
    try {
      for (const item of corpus) {
        for (const route of ROUTES) {
          const context = `${item.name} → ${route}`;
          const before = await writeCounts(test.app);
          const response = await upload(route, item);
          if (!item.expected.accepted) {
            expect.soft(response.json(), context).toEqual({
              error: { code: "bad_request", message: item.expected.message },
            });
            expect.soft(response.statusCode, context).toBe(item.expected.status ?? 400);
            expect.soft(await writeCounts(test.app), context).toEqual(before);
            refused++;
            continue;
          }
          expect
            .soft(response.statusCode, `${context}: ${response.body}`)
            .toBe(route === "/api/group/images" ? 201 : 200);
          if (response.statusCode >= 300) continue;
          const url = storedUrl(route, response.json());
          expect
            .soft(url, context)
            .toMatch(
              item.expected.format === "gif"
                ? /^\/uploads\/users\/\w+\/\w+\/[\w-]+\.gif$/
                : /^\/uploads\/users\/\w+\/\w+\/[\w-]+\.jpg$/,
            );
          // The stored file itself, read from DATA_DIR/uploads.
          const file = await readFile(path.join(test.dataDir, url));
          await expectClean(file, context, item.expected.format, item.expected.pages);
          accepted++;
        }
      }
    } finally {
      lag = monitor.stop();
    }
    expect(accepted + refused).toBe(corpus.length * ROUTES.length);
    expect((await test.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    // No upload, bombs included, may freeze the server (it runs in this process).
    expectNoFreeze(lag);
  }, 180_000);
});

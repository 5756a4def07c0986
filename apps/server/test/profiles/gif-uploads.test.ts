import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ACCOUNT_PATHS, MAX_GIF_FRAMES, SOCIAL_PATHS, UPLOAD_SERVER_MESSAGES } from "@heartline/shared";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../src/db/schema";
import { IMAGE_JOB_CONCURRENCY } from "../../src/features/profiles/image-jobs";
import { createRegistered, personHeaders, type TestPerson } from "../fixtures/group-fixtures";
import { multipartFile } from "../fixtures/images";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { gifFrames } from "../security/hostile-images";

const ROUTES = [ACCOUNT_PATHS.myAvatar, ACCOUNT_PATHS.myBanner, "/api/group/images", SOCIAL_PATHS.dmImages];
const STATIC_JS = "console.log('heartline');\n";

/** An animated GIF of `frames` flat frames, each its own colour (so no frame is merged into another). */
async function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, index) =>
      sharp({
        create: { width, height, channels: 3, background: { r: (index * 37) % 256, g: 90, b: 200 - index } },
      })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .gif({ delay: 80 })
    .toBuffer();
}

describe("GIF uploads on every upload path (issue #33)", () => {
  let test: TestApp;
  let webDir: string;
  let people: TestPerson[];
  let requests = 0;

  beforeAll(async () => {
    // A built web app of two files, so the static files are served by @fastify/static as in production.
    webDir = await mkdtemp(path.join(tmpdir(), "heartline-web-"));
    await mkdir(path.join(webDir, "assets"));
    await writeFile(path.join(webDir, "index.html"), "<!doctype html><title>Heartline</title>");
    await writeFile(path.join(webDir, "assets", "app-1a2b3c.js"), STATIC_JS);
    test = await startTestApp({ env: { WEB_DIST_DIR: webDir } });
    people = [];
    for (let i = 0; i < 4; i++) people.push(await createRegistered(test.app, `Gif_Uploader_${i}`));
  }, 120_000);
  afterAll(async () => {
    await test.close();
    await rm(webDir, { recursive: true, force: true });
  });

  function upload(person: TestPerson, url: string, data: Buffer) {
    const body = multipartFile(data, { filename: "moving.gif", contentType: "image/gif" });
    requests++;
    return test.app.inject({
      method: "POST",
      url,
      // Each from its own address: the per-IP upload limit is not what this suite tests.
      remoteAddress: `10.33.${requests >> 8}.${requests & 255}`,
      headers: { ...personHeaders(person), ...body.headers },
      payload: body.payload,
    });
  }

  /** The stored key of an accepted upload (a user row's picture, or a chat image's `url`). */
  function storedKey(route: string, json: Record<string, unknown>): string {
    const account = json.user as { profileImage: string; bannerImage: string } | undefined;
    const url = account
      ? route === ACCOUNT_PATHS.myBanner
        ? account.bannerImage
        : account.profileImage
      : (json.url as string);
    return url.replace(/^\/uploads\//, "");
  }

  it("shrinks an animated 2400×1600 GIF to 1200×800, every frame kept, as picture, banner, group and DM image", async () => {
    const gif = await animatedGif(2400, 1600, 3);
    const [person] = people as [TestPerson];
    for (const route of ROUTES) {
      const response = await upload(person, route, gif);
      expect(response.statusCode, `${route}: ${response.body}`).toBeLessThan(300);
      const key = storedKey(route, response.json());
      const stored = await sharp(await readFile(path.join(test.dataDir, "uploads", key)), {
        animated: true,
      }).metadata();
      expect(
        { format: stored.format, width: stored.width, height: stored.pageHeight, pages: stored.pages },
        route,
      ).toEqual({ format: "gif", width: 1200, height: 800, pages: 3 });
      const [row] = await test.app.db.select().from(uploads).where(eq(uploads.storagePath, key));
      expect({ width: row?.width, height: row?.height, mime: row?.mime }, route).toEqual({
        width: 1200,
        height: 800,
        mime: "image/gif",
      });
    }
  }, 120_000);

  it("refuses a GIF over the pixel cap (the review's 27 KB of one 6300×6300 frame) or the frame cap, naming the cap", async () => {
    const flat = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: "#3a6" } })
      .gif()
      .toBuffer();
    expect(flat.length).toBeLessThan(30_000);
    const person = people[1] as TestPerson;
    const cases = [
      { data: flat, message: UPLOAD_SERVER_MESSAGES.animationTooLarge },
      { data: gifFrames(MAX_GIF_FRAMES + 1, 16, 16), message: UPLOAD_SERVER_MESSAGES.tooManyFrames },
    ];
    for (const route of ROUTES) {
      for (const { data, message } of cases) {
        const response = await upload(person, route, data);
        expect(response.statusCode, route).toBe(400);
        expect(response.json(), route).toEqual({ error: { code: "bad_request", message } });
      }
    }
    expect(await test.app.db.select().from(uploads).where(eq(uploads.userId, person.id))).toEqual([]);
  }, 120_000);

  it("runs image work at most IMAGE_JOB_CONCURRENCY at a time: four hostile GIFs at once, and a static file is still served", async () => {
    // Six frames: with three, the full CI run (suites side by side) once sampled two sharp tasks at once
    // (ci of 2026-12-02); six kept the cap's reading clean in every run before.
    const hostile = await animatedGif(800, 800, 6);
    let peak = 0;
    // sharp's counters are the whole process's (worker threads included): tasks waiting for a thread
    // of libuv's pool, and tasks holding one. They are two counters read one after the other, so a task
    // moving from the first to the second between the two reads would count twice (a CI run of
    // 2026-12-03 read 2 with every job in the queue's one slot): only a reading that the next read
    // repeats counts.
    const sample = () => {
      let reading = sharp.counters();
      let again = sharp.counters();
      while (again.queue !== reading.queue || again.process !== reading.process) {
        reading = again;
        again = sharp.counters();
      }
      peak = Math.max(peak, reading.queue + reading.process);
    };
    const sampler = setInterval(sample, 1);
    let pending = 4;
    try {
      const burst = people.map((person) =>
        upload(person, "/api/group/images", hostile).finally(() => {
          pending--;
        }),
      );
      await expect.poll(() => sharp.counters().process, { interval: 5, timeout: 30_000 }).toBeGreaterThan(0);
      const startedAt = performance.now();
      const page = await test.app.inject({ method: "GET", url: "/assets/app-1a2b3c.js" });
      const servedMs = performance.now() - startedAt;
      const pendingWhenServed = pending;
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(STATIC_JS);
      expect(pendingWhenServed).toBeGreaterThan(0);
      const answers = await Promise.all(burst);
      // On a loaded machine the last may wait past the queue's 15 s and be told so: never a hang.
      const statuses = answers.map((answer) =>
        answer.statusCode === 503 ? answer.json().error.code : answer.statusCode,
      );
      for (const status of statuses) expect([201, "busy"]).toContain(status);
      expect(statuses).toContain(201);
      console.info(
        `[gif-uploads] static file served in ${servedMs.toFixed(1)} ms with ${pendingWhenServed} of 4 hostile GIF uploads pending; answers ${statuses.join(", ")}; peak sharp tasks ${peak}`,
      );
    } finally {
      clearInterval(sampler);
    }
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(IMAGE_JOB_CONCURRENCY);
  }, 180_000);
});

describe("a full image queue (issue #33)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ imageJobs: { maxWaiting: 0 } });
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  it("answers `busy` (503) at once while the queue is full, stores nothing for it, and takes uploads again after", async () => {
    const [first, second] = [
      await createRegistered(test.app, "Queue_First"),
      await createRegistered(test.app, "Queue_Second"),
    ];
    // The first job holds the only slot until its screening of every frame ends: three frames keep it
    // there far longer than the second request takes to arrive, without ten frames' screening per upload.
    const gif = await animatedGif(1000, 1000, 3);
    const send = (person: TestPerson, address: string) => {
      const body = multipartFile(gif, { filename: "moving.gif", contentType: "image/gif" });
      return test.app.inject({
        method: "POST",
        url: SOCIAL_PATHS.dmImages,
        remoteAddress: address,
        headers: { ...personHeaders(person), ...body.headers },
        payload: body.payload,
      });
    };
    const running = send(first, "10.34.0.1");
    // The first job holds the only slot from its first sharp task until its screening ends.
    await expect.poll(() => sharp.counters().process, { interval: 5, timeout: 30_000 }).toBeGreaterThan(0);
    const refused = await send(second, "10.34.0.2");
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: { code: "busy", message: UPLOAD_SERVER_MESSAGES.imagesBusy } });
    expect((await running).statusCode).toBe(201);
    expect(await test.app.db.select().from(uploads).where(eq(uploads.userId, second.id))).toEqual([]);
    expect((await send(second, "10.34.0.3")).statusCode).toBe(201);
  }, 120_000);
});

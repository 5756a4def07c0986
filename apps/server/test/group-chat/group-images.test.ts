import type { GroupImageUpload, GroupJoinData } from "@heartline/shared";
import { GROUP_ERROR_MESSAGES } from "@heartline/shared";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupMessages, uploads } from "../../src/db/schema";
import { IMAGE_MODEL_VERSION } from "../../src/features/automod/index";
import { GROUP_UPLOAD_GRACE_MS, sweepUnattachedUploads } from "../../src/features/group-chat/group-uploads";
import {
  asPerson,
  createRegistered,
  emitWithAck,
  personHeaders,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";

const NOT_YOURS = {
  ok: false,
  error: { code: "bad_request", message: GROUP_ERROR_MESSAGES.imageNotYourUpload },
};

describe("group chat: images are the sender's own uploads and go with their message", () => {
  let test: TestApp;
  let admin: TestPerson;
  let alice: TestPerson;
  let bob: TestPerson;
  let aliceSocket: TestClient;
  let bobSocket: TestClient;
  let png: Buffer;

  beforeAll(async () => {
    test = await startTestApp();
    admin = await createRegistered(test.app, "Img_Admin", { isAdmin: true });
    alice = await createRegistered(test.app, "Alice_Img");
    bob = await createRegistered(test.app, "Bob_Img");
    aliceSocket = await test.connect(asPerson(alice));
    bobSocket = await test.connect(asPerson(bob));
    for (const socket of [aliceSocket, bobSocket]) {
      expect((await emitWithAck<GroupJoinData>(socket, "join_group")).ok).toBe(true);
    }
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#e11d48" } })
      .png()
      .toBuffer();
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  async function upload(person: TestPerson): Promise<GroupImageUpload> {
    const boundary = "----heartline-test";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await test.app.inject({
      method: "POST",
      url: "/api/group/images",
      headers: { ...personHeaders(person), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    return response.json<GroupImageUpload>();
  }
  const image = (url: string) => ({ id: crypto.randomUUID(), content: url, type: "image" as const });
  const served = async (url: string) => (await test.app.inject({ method: "GET", url })).statusCode;
  const stored = async (id: string) =>
    (await test.app.db.select().from(groupMessages).where(eq(groupMessages.id, id))).length;

  it("lets an ordinary picture through AutoMod's classifier and stores the decision, score and model (issue #15)", async () => {
    const posted = await upload(alice);
    const key = posted.url.replace("/uploads/", "");
    const [row] = await test.app.db.select().from(uploads).where(eq(uploads.storagePath, key));
    expect(row).toMatchObject({ moderationDecision: "allowed", moderationModel: IMAGE_MODEL_VERSION });
    expect(row?.moderationScore).toBeGreaterThanOrEqual(0);
    expect(row?.moderationScore).toBeLessThan(test.app.config.moderationImageThreshold);
  });

  it("refuses another user's upload, an address elsewhere, a file that is not there and a reused upload", async () => {
    const bobs = await upload(bob);
    const stolen = image(bobs.url);
    expect(await emitWithAck(aliceSocket, "group_message", stolen)).toEqual(NOT_YOURS);
    const external = image("https://evil.example/x.png");
    expect(await emitWithAck(aliceSocket, "group_message", external)).toEqual({
      ok: false,
      error: { code: "bad_request", message: GROUP_ERROR_MESSAGES.imageUrlInvalid },
    });
    const missing = image(`/uploads/users/${alice.id}/group/00000000-0000-4000-8000-000000000000.jpg`);
    expect(await emitWithAck(aliceSocket, "group_message", missing)).toEqual(NOT_YOURS);
    expect(GROUP_ERROR_MESSAGES.imageNotYourUpload).toBe(
      "You can only share images you uploaded here. Please upload the image again.",
    );

    const alices = await upload(alice);
    const first = image(alices.url);
    expect((await emitWithAck(aliceSocket, "group_message", first)).ok).toBe(true);
    // A retry of the same message is answered again; a new message cannot take the same file.
    expect((await emitWithAck(aliceSocket, "group_message", first)).ok).toBe(true);
    expect(await emitWithAck(aliceSocket, "group_message", image(alices.url))).toEqual(NOT_YOURS);
    for (const refused of [stolen, external, missing]) expect(await stored(refused.id)).toBe(0);
  });

  it("removes the file when the author deletes the message, and lets nobody else delete it", async () => {
    const posted = await upload(alice);
    const message = image(posted.url);
    expect((await emitWithAck(aliceSocket, "group_message", message)).ok).toBe(true);
    expect(await served(posted.url)).toBe(200);

    const byBob = await requestAs(test.app, bob, "DELETE", `/api/group/messages/${message.id}`);
    expect(byBob.json()).toEqual({ deleted: false });
    expect(await served(posted.url)).toBe(200);

    const dropped = nextEvent(bobSocket, "group_message_deleted", (event) => event.id === message.id);
    const byAlice = await requestAs(test.app, alice, "DELETE", `/api/group/messages/${message.id}`);
    expect(byAlice.json()).toEqual({ deleted: true });
    await dropped;
    expect(await served(posted.url)).toBe(404);
    expect(await test.app.db.select().from(uploads).where(eq(uploads.messageId, message.id))).toEqual([]);
  });

  it("removes the file when an admin deletes the message", async () => {
    const posted = await upload(bob);
    const message = image(posted.url);
    expect((await emitWithAck(bobSocket, "group_message", message)).ok).toBe(true);
    const deleted = await requestAs(test.app, admin, "DELETE", `/api/admin/group/messages/${message.id}`);
    expect(deleted.json()).toEqual({ deleted: true });
    expect(await served(posted.url)).toBe(404);
  });

  it("sweeps uploads no message took within the grace period, and only those", async () => {
    const stale = await upload(alice);
    const fresh = await upload(alice);
    const staleKey = stale.url.replace("/uploads/", "");
    await test.app.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - GROUP_UPLOAD_GRACE_MS - 60_000) })
      .where(eq(uploads.storagePath, staleKey));
    const removed = await sweepUnattachedUploads(
      { db: test.app.db, storage: test.app.storage, log: test.app.log },
      Date.now(),
    );
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await served(stale.url)).toBe(404);
    expect(await served(fresh.url)).toBe(200);
    // A message showing an old upload keeps it: only unattached ones go.
    const kept = await upload(bob);
    const message = image(kept.url);
    expect((await emitWithAck(bobSocket, "group_message", message)).ok).toBe(true);
    await test.app.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 2 * GROUP_UPLOAD_GRACE_MS) })
      .where(eq(uploads.storagePath, kept.url.replace("/uploads/", "")));
    await sweepUnattachedUploads(
      { db: test.app.db, storage: test.app.storage, log: test.app.log },
      Date.now(),
    );
    expect(await served(kept.url)).toBe(200);
    expect(await emitWithAck(aliceSocket, "group_message", image(stale.url))).toEqual(NOT_YOURS);
  });
});

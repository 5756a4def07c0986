import { existsSync } from "node:fs";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import {
  ACCOUNT_PATHS,
  type AccountUser,
  type GroupImageUpload,
  MODERATION_PATHS,
  SOCIAL_PATHS,
} from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUP_UPLOAD_GRACE_MS, sweepUnattachedUploads } from "../../src/features/group-chat/group-uploads";
import { UPLOADS_CACHE_CONTROL } from "../../src/lib/file-store";
import { sendOk, text, uniqueName } from "../direct-messages/dm-fixtures";
import {
  asPerson,
  cookieOf,
  createRegistered,
  personHeaders,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { multipartFile, smallGif, smallPng } from "../fixtures/images";
import { startS3Server, type TestS3Server } from "../helpers/s3-server";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/scratch-services";
import { startTestApp, type TestApp } from "../helpers/test-app";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

/**
 * Issue #41 §1: uploads without a shared disk. Two nodes on PostgreSQL and Redis share one S3 bucket
 * (s3rver in this process) and no DATA_DIR: what one node stores, the other serves and removes.
 */
describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  DATABASE_URL && REDIS_URL
    ? "uploads in S3 on two nodes"
    : "uploads in S3 on two nodes (skipped: DATABASE_URL and REDIS_URL are needed)",
  () => {
    let database: ScratchDatabase | undefined;
    let s3: TestS3Server;
    let bucket: S3Client;
    let nodes: TestApp[] = [];

    beforeAll(async () => {
      database = await createScratchDatabase(DATABASE_URL ?? "", "heartline_s3");
      s3 = await startS3Server();
      const env = { DATABASE_URL: database.url, REDIS_URL: REDIS_URL ?? "", ...s3.env };
      nodes = [await startTestApp({ env }), await startTestApp({ env })];
      bucket = new S3Client({
        endpoint: s3.endpoint,
        region: "us-east-1",
        forcePathStyle: true,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      });
    });
    afterAll(async () => {
      bucket?.destroy();
      await Promise.all(nodes.map((node) => node.close()));
      await s3?.close();
      await database?.drop();
    });

    const upload = async (node: TestApp, person: TestPerson, url: string, picture: Buffer) => {
      const body = multipartFile(picture);
      return node.app.inject({
        method: "POST",
        url,
        headers: { ...personHeaders(person), ...body.headers },
        payload: body.payload,
      });
    };
    const view = (node: TestApp, url: string, person?: TestPerson) =>
      node.app.inject({ method: "GET", url, headers: person ? { cookie: cookieOf(person) } : {} });
    const keysUnder = async (prefix: string) => {
      const page = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
      return (page.Contents ?? []).map((entry) => entry.Key);
    };

    it("stores through A, serves through B, replaces through B (the old picture goes), deletes the account through B", async () => {
      const [a, b] = nodes as [TestApp, TestApp];
      const member = await createRegistered(a.app, uniqueName("s3m"));

      const first = await upload(a, member, ACCOUNT_PATHS.myAvatar, await smallPng());
      expect(first.statusCode, first.body).toBe(200);
      const avatar = first.json<{ user: AccountUser }>().user.profileImage ?? "";
      expect(avatar).toMatch(/^\/uploads\/users\/.+\/profile\/.+\.jpg$/);
      const served = await view(b, avatar);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/jpeg");
      expect(served.headers["cache-control"]).toBe(UPLOADS_CACHE_CONTROL);
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

      const banner = await upload(a, member, ACCOUNT_PATHS.myBanner, await smallGif());
      expect(banner.statusCode, banner.body).toBe(200);
      const bannerUrl = banner.json<{ user: AccountUser }>().user.bannerImage ?? "";
      expect((await view(b, bannerUrl)).headers["content-type"]).toBe("image/gif");

      const second = await upload(b, member, ACCOUNT_PATHS.myAvatar, await smallPng(80, 60));
      expect(second.statusCode, second.body).toBe(200);
      const replaced = second.json<{ user: AccountUser }>().user.profileImage ?? "";
      expect(replaced).not.toBe(avatar);
      expect((await view(a, replaced)).statusCode).toBe(200);
      expect((await view(a, avatar)).statusCode).toBe(404);
      expect(await keysUnder(`users/${member.id}/profile/`)).toEqual([replaced.slice("/uploads/".length)]);

      const group = await upload(a, member, MODERATION_PATHS.groupImages, await smallPng());
      expect(group.statusCode, group.body).toBe(201);
      const groupUrl = group.json<GroupImageUpload>().url;
      expect((await view(b, groupUrl)).statusCode).toBe(200);

      const deleted = await b.app.inject({
        method: "DELETE",
        url: ACCOUNT_PATHS.myProfile,
        headers: personHeaders(member),
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      for (const url of [replaced, bannerUrl, groupUrl])
        expect((await view(a, url)).statusCode, url).toBe(404);
      expect(await keysUnder(`users/${member.id}/`)).toEqual([]);
      // The nodes' own disks hold nothing: there is no DATA_DIR/uploads at all.
      expect(existsSync(path.join(a.dataDir, "uploads")) || existsSync(path.join(b.dataDir, "uploads"))).toBe(
        false,
      );
    });

    it("serves a direct-message image through B to the pair only, as on disk (issue #33)", async () => {
      const [a, b] = nodes as [TestApp, TestApp];
      const sender = await createRegistered(a.app, uniqueName("s3s"));
      const receiver = await createRegistered(a.app, uniqueName("s3r"));
      const stranger = await createRegistered(a.app, uniqueName("s3x"));
      const uploaded = await upload(a, sender, SOCIAL_PATHS.dmImages, await smallPng());
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const url = uploaded.json<GroupImageUpload>().url;
      expect((await view(b, url, receiver)).statusCode).toBe(404);

      const socket = await a.connect(asPerson(sender));
      await sendOk(socket, { ...text(receiver.id, url), type: "image" });
      const seen = await view(b, url, receiver);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.headers["cache-control"]).toMatch(/^private/);
      expect((await view(b, url, stranger)).statusCode).toBe(404);
      expect((await view(b, url)).statusCode).toBe(404);
      expect((await view(a, url, sender)).statusCode).toBe(200);
    });

    it("the sweep on B removes an unused upload from the bucket; A no longer serves it", async () => {
      const [a, b] = nodes as [TestApp, TestApp];
      const member = await createRegistered(a.app, uniqueName("s3w"));
      const group = await upload(a, member, MODERATION_PATHS.groupImages, await smallPng());
      expect(group.statusCode, group.body).toBe(201);
      const url = group.json<GroupImageUpload>().url;
      expect((await view(a, url)).statusCode).toBe(200);

      const later = Date.now() + GROUP_UPLOAD_GRACE_MS + 60_000;
      expect(await sweepUnattachedUploads(b.app, later)).toBeGreaterThanOrEqual(1);
      expect((await view(a, url)).statusCode).toBe(404);
      expect(await keysUnder(`users/${member.id}/group/`)).toEqual([]);
    });
  },
);

import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Config } from "../config";
import { StartupError } from "../errors/startup-error";
import { assertStorageKey, contentTypeOf, type FileStore, UPLOADS_URL_PREFIX } from "./file-store";

/** One DeleteObjects request removes at most this many keys (S3's own limit). */
const DELETE_BATCH = 1_000;

/**
 * Uploads in an S3-compatible bucket (ARCHITECTURE §3: AWS S3, MinIO, Ceph, R2…), so every node sees
 * every file. The bucket stays private: files are streamed through the server at `/uploads/…`, which
 * keeps one authorization path for direct-message images (issue #33) and the same headers as on disk.
 * Keys are checked against the server's own shape before any request, as on disk.
 */
export function createS3FileStore(config: S3Config): FileStore & { client: S3Client } {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const Bucket = config.bucket;
  return {
    client,
    async put(key, data) {
      assertStorageKey(key);
      // A PUT is atomic in S3: a reader gets the old object, none, or the whole new one.
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentTypeOf(key) }),
      );
    },
    async read(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error("the S3 client gave no Node stream");
        return { stream: object.Body, size: object.ContentLength ?? 0, contentType: contentTypeOf(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      // Deleting a missing key succeeds in S3, as `rm --force` does on disk.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deletePrefix(prefix) {
      assertStorageKey(prefix, true);
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: prefix,
            MaxKeys: DELETE_BATCH,
            ContinuationToken: token,
          }),
        );
        const keys = (page.Contents ?? []).flatMap((entry) => (entry.Key ? [{ Key: entry.Key }] : []));
        if (keys.length > 0) {
          const result = await client.send(
            new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }),
          );
          const failed = result.Errors ?? [];
          if (failed.length > 0) {
            throw new Error(`S3 kept ${failed.length} file(s) under ${prefix}: ${failed[0]?.Message ?? ""}`);
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    publicUrl: (key) => `${UPLOADS_URL_PREFIX}${key}`,
    close: async () => client.destroy(),
  };
}

/** The store, once the bucket answers: a wrong endpoint, bucket or key stops the start with the reason. */
export async function openS3FileStore(config: S3Config): Promise<FileStore> {
  const store = createS3FileStore(config);
  try {
    await store.client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (error) {
    store.client.destroy();
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new StartupError(
      `S3 bucket "${config.bucket}" at ${config.endpoint ?? `AWS ${config.region}`} is not usable (${reason}). ` +
        "Check S3_ENDPOINT, S3_BUCKET, S3_REGION and the keys; the bucket must exist.",
    );
  }
  return store;
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

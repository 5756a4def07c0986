import { mkdir } from "node:fs/promises";
import path from "node:path";
import { SERVER_MESSAGES } from "@heartline/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { AppConfig } from "../config";
import { AppError } from "../errors/app-error";
import {
  createDiskFileStore,
  type FileStore,
  isPrivateKey,
  isStorageKey,
  STORED_FILE_HEADERS,
  UPLOADS_CACHE_CONTROL,
  UPLOADS_URL_PREFIX,
} from "../lib/file-store";
import { openS3FileStore } from "../lib/s3-file-store";

declare module "fastify" {
  interface FastifyInstance {
    /** Where uploaded files live (ARCHITECTURE §2, §3): `DATA_DIR/uploads` or S3, served at `/uploads/…`. */
    storage: FileStore;
  }
}

/** The configured store: the S3-compatible bucket when `S3_BUCKET` is set, else `DATA_DIR/uploads`. */
export async function openFileStore(config: AppConfig): Promise<FileStore> {
  if (config.s3) return openS3FileStore(config.s3);
  const root = path.join(config.dataDir, "uploads");
  await mkdir(root, { recursive: true });
  return createDiskFileStore(root);
}

/**
 * Decorates `app.storage` and serves its public files read-only at `/uploads/*`: only keys of the
 * server's own shape and never a private one (the direct-messages feature serves those to the pair),
 * only regular files, no directory listing, one-year immutable caching (names are never reused), the
 * content type from the extension the server chose and `nosniff`. From S3 the bytes are streamed
 * through the server, so the same checks hold and the bucket stays private.
 */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const storage = await openFileStore(app.config);
    app.decorate("storage", storage);
    app.addHook("onClose", () => storage.close());

    app.get(`${UPLOADS_URL_PREFIX}*`, async (request, reply) => {
      const key = (request.params as { "*": string })["*"];
      const notFound = new AppError("not_found", SERVER_MESSAGES.noSuchFile);
      if (!isStorageKey(key) || isPrivateKey(key)) throw notFound;
      const file = await storage.read(key);
      if (!file) throw notFound;
      return reply
        .headers(STORED_FILE_HEADERS)
        .header("content-type", file.contentType)
        .header("content-length", file.size)
        .header("cache-control", UPLOADS_CACHE_CONTROL)
        .send(file.stream);
    });
  },
  { name: "storage", decorators: { fastify: ["config"] } },
);

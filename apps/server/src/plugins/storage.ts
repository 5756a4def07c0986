import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { SERVER_MESSAGES } from "@heartline/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors/app-error";

declare module "fastify" {
  interface FastifyInstance {
    /** Where uploaded files live (ARCHITECTURE §2, §3): `DATA_DIR/uploads`, served at `/uploads/…`. */
    storage: FileStore;
  }
}

/**
 * A store of public files addressed by a key such as `users/{id}/profile/{uuid}.jpg` (spec §7 File
 * storage). The disk store below is the only implementation: an S3-compatible one would implement
 * the same four methods (README: several nodes must share the uploads directory until then).
 */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** Removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every file under `prefix` (a folder key ending in `/`), e.g. a deleted user's `users/{id}/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** The address a browser loads the file from. */
  publicUrl(key: string): string;
}

export const UPLOADS_URL_PREFIX = "/uploads/";
export const UPLOADS_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Files are only ever written by the server under fresh uuid names, so keys have this narrow shape. */
const KEY_PATTERN = /^(?:[A-Za-z0-9][A-Za-z0-9_-]*\/)+[A-Za-z0-9][A-Za-z0-9_-]*\.(?:jpg|png|gif|webp)$/;
const PREFIX_PATTERN = /^(?:[A-Za-z0-9][A-Za-z0-9_-]*\/)+$/;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
};

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function createDiskFileStore(root: string): FileStore {
  const resolve = (key: string, pattern: RegExp): string => {
    // The pattern already rules out `..`, absolute paths and backslashes; this is the second lock.
    const full = path.resolve(root, key);
    if (!pattern.test(key) || !full.startsWith(root + path.sep)) {
      throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    }
    return full;
  };
  return {
    async put(key, data) {
      const file = resolve(key, KEY_PATTERN);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = `${file}.${randomUUID()}.part`;
      await writeFile(temporary, data, { mode: 0o644 });
      await rename(temporary, file);
    },
    async delete(key) {
      await rm(resolve(key, KEY_PATTERN), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(resolve(prefix, PREFIX_PATTERN), { recursive: true, force: true });
    },
    publicUrl: (key) => `${UPLOADS_URL_PREFIX}${key}`,
  };
}

/**
 * Decorates `app.storage` and serves the disk store read-only at `/uploads/*`: only keys of the
 * server's own shape, only regular files, no directory listing, one-year immutable caching (names
 * are never reused), the content type from the extension the server chose and `nosniff`.
 */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const root = path.join(app.config.dataDir, "uploads");
    await mkdir(root, { recursive: true });
    app.decorate("storage", createDiskFileStore(root));

    app.get(`${UPLOADS_URL_PREFIX}*`, async (request, reply) => {
      const key = (request.params as { "*": string })["*"];
      const notFound = new AppError("not_found", SERVER_MESSAGES.noSuchFile);
      if (!isStorageKey(key)) throw notFound;
      const file = path.join(root, key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw notFound;
      return reply
        .header("content-type", CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream")
        .header("content-length", info.size)
        .header("cache-control", UPLOADS_CACHE_CONTROL)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .send(createReadStream(file));
    });
  },
  { name: "storage", decorators: { fastify: ["config"] } },
);

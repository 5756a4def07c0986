import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
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
 * A store of files addressed by a key such as `users/{id}/profile/{uuid}.jpg` (spec §7 File storage).
 * The disk store below is the only implementation: an S3-compatible one would implement the same five
 * methods (docs/features/uploads.md: several nodes must share the uploads directory until then). Keys under a `dm/`
 * folder are private (`isPrivateKey`): the direct-messages feature serves them to the pair through
 * `read`; `/uploads/*` never does (issue #33).
 */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes as a stream, and its size; null when there is no such file. */
  read(key: string): Promise<StoredFile | null>;
  /** Removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every file under `prefix` (a folder key ending in `/`), e.g. a deleted user's `users/{id}/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** The address a browser loads the file from. */
  publicUrl(key: string): string;
}

export interface StoredFile {
  stream: Readable;
  size: number;
  /** From the key's extension (the server chose it). */
  contentType: string;
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

/** Direct-message images (`users/{id}/dm/…`): never public (issue #33). */
export function isPrivateKey(key: string): boolean {
  return /^users\/[^/]+\/dm\//.test(key);
}

/** Headers every stored file is sent with: opened directly, it is never a page that could run script. */
export const STORED_FILE_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; sandbox",
} as const;

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
    async read(key) {
      const file = resolve(key, KEY_PATTERN);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      const contentType = CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream";
      return { stream: createReadStream(file), size: info.size, contentType };
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
 * Decorates `app.storage` and serves its public files read-only at `/uploads/*`: only keys of the
 * server's own shape and never a private one (the direct-messages feature serves those to the pair),
 * only regular files, no directory listing, one-year immutable caching (names are never reused), the
 * content type from the extension the server chose and `nosniff`.
 */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const root = path.join(app.config.dataDir, "uploads");
    await mkdir(root, { recursive: true });
    const storage = createDiskFileStore(root);
    app.decorate("storage", storage);

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

import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * A store of files addressed by a key such as `users/{id}/profile/{uuid}.jpg` (spec §7 File storage).
 * Two implementations: the disk store below (the embedded default, `DATA_DIR/uploads`) and the
 * S3-compatible one in `s3-file-store.ts` (when `S3_BUCKET` is set, so that many nodes share one store;
 * docs/operations.md). Either way files are served by the server, at `publicUrl` (always `/uploads/…`).
 * Keys under a `dm/` folder are private (`isPrivateKey`): the direct-messages feature serves them to
 * the pair through `read`; `/uploads/*` never does (issue #33).
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
  /** Releases connections (the S3 client's); the disk store has nothing to release. */
  close(): Promise<void>;
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

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
};

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A folder key such as `users/{id}/` (what `deletePrefix` takes). */
export function isStoragePrefix(prefix: string): boolean {
  return PREFIX_PATTERN.test(prefix);
}

/** Every store refuses keys of any other shape, before it touches anything. */
export function assertStorageKey(key: string, isPrefix = false): void {
  if (!(isPrefix ? isStoragePrefix(key) : isStorageKey(key))) {
    throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  }
}

/** The content type a stored file is served with, from the extension the server chose. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key)] ?? "application/octet-stream";
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
  const resolve = (key: string, isPrefix = false): string => {
    assertStorageKey(key, isPrefix);
    // The pattern already rules out `..`, absolute paths and backslashes; this is the second lock.
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return full;
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = `${file}.${randomUUID()}.part`;
      await writeFile(temporary, data, { mode: 0o644 });
      await rename(temporary, file);
    },
    async read(key) {
      const file = resolve(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(file), size: info.size, contentType: contentTypeOf(key) };
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(resolve(prefix, true), { recursive: true, force: true });
    },
    publicUrl: (key) => `${UPLOADS_URL_PREFIX}${key}`,
    close: async () => undefined,
  };
}

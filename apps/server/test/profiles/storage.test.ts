import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallPng } from "../fixtures/images";
import { startS3Server, type TestS3Server } from "../helpers/s3-server";
import { startTestApp, type TestApp } from "../helpers/test-app";

/** The same behaviour from both stores: on disk (the embedded default) and in an S3 bucket (s3rver). */
describe.each([
  { store: "disk", s3: false },
  { store: "S3", s3: true },
])("uploads store ($store) and /uploads/* (ARCHITECTURE §2, §3)", ({ s3 }) => {
  let test: TestApp;
  let s3Server: TestS3Server | undefined;

  beforeAll(async () => {
    s3Server = s3 ? await startS3Server() : undefined;
    test = await startTestApp({ env: s3Server?.env ?? {} });
  });
  afterAll(async () => {
    await test.close();
    await s3Server?.close();
  });

  it("serves a stored file read-only with its type, immutable caching and nosniff", async () => {
    const png = await smallPng();
    await test.app.storage.put("users/abc/profile/one.png", png);
    const url = test.app.storage.publicUrl("users/abc/profile/one.png");
    expect(url).toBe("/uploads/users/abc/profile/one.png");
    const response = await test.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    // Opened directly, a file is never a page that could run script.
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(Buffer.compare(response.rawPayload, png)).toBe(0);
    const head = await test.app.inject({ method: "HEAD", url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(png.length));
    for (const method of ["PUT", "POST", "DELETE"] as const) {
      expect((await test.app.inject({ method, url })).statusCode).toBe(404);
    }
  });

  it("lists no directories and never leaves the uploads directory", async () => {
    await writeFile(path.join(test.dataDir, "secret.jpg"), "not for the public");
    await mkdir(path.join(test.dataDir, "uploads", "users", "abc", "profile"), { recursive: true });
    for (const url of [
      "/uploads/",
      "/uploads/users/",
      "/uploads/users/abc/profile/",
      "/uploads/%2e%2e/secret.jpg",
      "/uploads/users/..%2f..%2fsecret.jpg",
      "/uploads/users/abc/..%5c..%5c..%5csecret.jpg",
      "/uploads/users/abc/profile/missing.jpg",
      "/uploads/users/abc/profile/one.png.part",
    ]) {
      const response = await test.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain("not for the public");
    }
  });

  it("refuses keys outside its own shape when writing or deleting", async () => {
    const store = test.app.storage;
    await expect(store.put("../escape.jpg", Buffer.from("x"))).rejects.toThrow(/not a storage key/);
    await expect(store.put("/etc/passwd.jpg", Buffer.from("x"))).rejects.toThrow(/not a storage key/);
    await expect(store.delete("users/../../secret.jpg")).rejects.toThrow(/not a storage key/);
    await expect(store.deletePrefix("users/..")).rejects.toThrow(/not a storage key/);
    await expect(store.deletePrefix("")).rejects.toThrow(/not a storage key/);
  });

  it("reads back what it wrote, answers null for a missing file, and removes a folder and only it", async () => {
    const store = test.app.storage;
    const png = await smallPng();
    const keys = ["users/u1/profile/a.png", "users/u1/group/b.png", "users/u12/profile/c.png"];
    for (const key of keys) await store.put(key, png);
    const read = await store.read("users/u1/group/b.png");
    expect(read).toMatchObject({ size: png.length, contentType: "image/png" });
    if (!read) throw new Error("the file was not stored");
    expect(Buffer.compare(await buffer(read.stream), png)).toBe(0);
    expect(await store.read("users/u1/group/missing.png")).toBeNull();
    await store.delete("users/u1/group/missing.png");

    await store.deletePrefix("users/u1/");
    expect(await store.read("users/u1/profile/a.png")).toBeNull();
    expect(await store.read("users/u1/group/b.png")).toBeNull();
    // `users/u1/` is a folder: `users/u12/` shares its first characters and is kept.
    expect((await store.read("users/u12/profile/c.png"))?.size).toBe(png.length);
    await store.deletePrefix("users/nobody/");
  });
});

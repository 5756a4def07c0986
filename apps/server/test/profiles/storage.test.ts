import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskFileStore } from "../../src/plugins/storage";
import { smallPng } from "../fixtures/images";
import { startTestApp, type TestApp } from "../helpers/test-app";

describe("uploads store and /uploads/* (ARCHITECTURE §2, §3)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(async () => {
    await test.close();
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
    const store = createDiskFileStore(path.join(test.dataDir, "uploads"));
    await expect(store.put("../escape.jpg", Buffer.from("x"))).rejects.toThrow(/not a storage key/);
    await expect(store.put("/etc/passwd.jpg", Buffer.from("x"))).rejects.toThrow(/not a storage key/);
    await expect(store.delete("users/../../secret.jpg")).rejects.toThrow(/not a storage key/);
    await expect(store.deletePrefix("users/..")).rejects.toThrow(/not a storage key/);
    await expect(store.deletePrefix("")).rejects.toThrow(/not a storage key/);
  });
});

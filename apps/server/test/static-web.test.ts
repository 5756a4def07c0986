import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers/test-app";

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("heartline");';

describe("serving the built web app", () => {
  let test: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), "heartline-dist-"));
    await mkdir(path.join(distDir, "assets"));
    await writeFile(path.join(distDir, "index.html"), INDEX_HTML);
    await writeFile(path.join(distDir, "assets", "app-abc123.js"), APP_JS);
    await writeFile(path.join(distDir, "sw.js"), "self.addEventListener('fetch', () => {});");
    await writeFile(path.join(distDir, "manifest.webmanifest"), '{"name":"Heartline"}');
    test = await startTestApp({ env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await test?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it("serves hashed assets as immutable for a year", async () => {
    const response = await test.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(APP_JS);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it.each([["/"], ["/index.html"], ["/sw.js"], ["/manifest.webmanifest"]])(
    "makes browsers revalidate %s",
    async (url) => {
      const response = await test.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-cache");
    },
  );

  it.each([["/about"], ["/group-chat/dm/x"], ["/chat?utm=1"]])(
    "answers the client-side route %s with index.html (SPA fallback)",
    async (url) => {
      const response = await fetch(`${test.url}${url}`, { headers: { accept: "text/html,*/*;q=0.8" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toBe(INDEX_HTML);
    },
  );

  it("does not answer a missing script or an API route with index.html", async () => {
    const asset = await test.app.inject({
      method: "GET",
      url: "/assets/missing.js",
      headers: { accept: "*/*" },
    });
    expect(asset.statusCode).toBe(404);
    expect(asset.json().error.code).toBe("not_found");

    const api = await test.app.inject({
      method: "GET",
      url: "/api/missing",
      headers: { accept: "text/html" },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: "not_found", message: "Nothing at GET /api/missing" } });
  });

  it("sends security headers with a CSP fit for the SPA", async () => {
    const response = await test.app.inject({
      method: "GET",
      url: "/about",
      headers: { accept: "text/html" },
    });
    const csp = String(response.headers["content-security-policy"]);
    const directives = Object.fromEntries(
      csp.split(";").map((part) => {
        const [name = "", ...values] = part.trim().split(/\s+/);
        return [name, values.join(" ")];
      }),
    );
    expect(directives).toEqual({
      "default-src": "'self'",
      "script-src": "'self'",
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data: blob:",
      "font-src": "'self' data:",
      "connect-src": "'self' ws://localhost:3000",
      "worker-src": "'self'",
      "manifest-src": "'self'",
      "frame-ancestors": "'none'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
    });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    // Plain-http PUBLIC_URL: no HSTS.
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });
});

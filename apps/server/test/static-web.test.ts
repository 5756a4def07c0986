import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers/test-app";

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("heartline");';
/** The build's precompressed copies (apps/web/build/compression.ts), made here the same way. */
const APP_JS_BR = brotliCompressSync(APP_JS);
const APP_JS_GZ = gzipSync(APP_JS);
const INDEX_HTML_BR = brotliCompressSync(INDEX_HTML);
/** The build's prerendered pages (apps/web/build/prerender.ts): the shell with the page in #root. */
const HOME_HTML = INDEX_HTML.replace(
  '<div id="root"></div>',
  '<div id="root" data-prerendered-path="/"><h1>Talk to strangers. Stay anonymous.</h1></div>',
);
const ABOUT_HTML = INDEX_HTML.replace(
  '<div id="root"></div>',
  '<div id="root" data-prerendered-path="/about"><h1>About Heartline</h1></div>',
);
/** The build's /chat as a signed-out visitor sees it (apps/web/build/prerender.ts, issue #36). */
const CHAT_HTML = INDEX_HTML.replace(
  '<div id="root"></div>',
  '<div id="root" data-prerendered-path="/chat"><h1>Random chat</h1></div>',
);

describe("serving the built web app", () => {
  let test: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), "heartline-dist-"));
    await mkdir(path.join(distDir, "assets"));
    await writeFile(path.join(distDir, "index.html"), INDEX_HTML);
    await writeFile(path.join(distDir, "assets", "app-abc123.js"), APP_JS);
    await writeFile(path.join(distDir, "assets", "app-abc123.js.br"), APP_JS_BR);
    await writeFile(path.join(distDir, "assets", "app-abc123.js.gz"), APP_JS_GZ);
    await writeFile(path.join(distDir, "index.html.br"), INDEX_HTML_BR);
    await mkdir(path.join(distDir, "prerendered"));
    await writeFile(path.join(distDir, "prerendered", "index.html"), HOME_HTML);
    await writeFile(path.join(distDir, "prerendered", "index.html.br"), brotliCompressSync(HOME_HTML));
    await writeFile(path.join(distDir, "prerendered", "index.html.gz"), gzipSync(HOME_HTML));
    await writeFile(path.join(distDir, "prerendered", "about.html"), ABOUT_HTML);
    await mkdir(path.join(distDir, "prerendered", "signed-out"));
    await writeFile(path.join(distDir, "prerendered", "signed-out", "chat.html"), CHAT_HTML);
    await writeFile(path.join(distDir, "prerendered", "signed-out", "chat.html.gz"), gzipSync(CHAT_HTML));
    // Not a page: only `<slug>.html` files are.
    await writeFile(path.join(distDir, "prerendered", "notes.txt"), "not a page");
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

  it.each([
    ["br", "br, gzip, deflate", APP_JS_BR, brotliDecompressSync],
    ["gzip", "gzip, deflate", APP_JS_GZ, gunzipSync],
  ])(
    "sends the prebuilt %s copy of a script to a browser that accepts it",
    async (encoding, accepted, file, decode) => {
      const response = await test.app.inject({
        method: "GET",
        url: "/assets/app-abc123.js",
        headers: { "accept-encoding": accepted },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["content-type"]).toMatch(/javascript/);
      expect(response.headers["content-length"]).toBe(String(file.length));
      expect(response.headers.vary).toBe("accept-encoding");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.rawPayload.equals(file)).toBe(true);
      expect(decode(response.rawPayload).toString()).toBe(APP_JS);
    },
  );

  it("sends the original to a client that accepts no encoding", async () => {
    const response = await test.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-length"]).toBe(String(Buffer.byteLength(APP_JS)));
    expect(response.headers.vary).toBe("accept-encoding");
    expect(response.body).toBe(APP_JS);
  });

  it("falls back to the original when no copy exists in an accepted encoding", async () => {
    const response = await test.app.inject({
      method: "GET",
      url: "/sw.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe("self.addEventListener('fetch', () => {});");
  });

  it.each([["/settings"], ["/leaderboard"]])("sends index.html compressed for the page %s", async (url) => {
    const response = await test.app.inject({
      method: "GET",
      url,
      headers: { accept: "text/html", "accept-encoding": "gzip, br" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it.each([["/"], ["/index.html"], ["/sw.js"], ["/manifest.webmanifest"]])(
    "makes browsers revalidate %s",
    async (url) => {
      const response = await test.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-cache");
    },
  );

  it.each([["/leaderboard"], ["/group-chat/dm/x"], ["/settings?utm=1"], ["/about/"]])(
    "answers the client-side route %s with index.html (SPA fallback)",
    async (url) => {
      const response = await fetch(`${test.url}${url}`, { headers: { accept: "text/html,*/*;q=0.8" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toBe(INDEX_HTML);
    },
  );

  it.each([
    ["br", "gzip, br", brotliDecompressSync],
    ["gzip", "gzip, deflate", gunzipSync],
  ])("sends the prerendered landing page for / as %s, revalidated", async (encoding, accepted, decode) => {
    const response = await test.app.inject({
      method: "GET",
      url: "/",
      headers: { accept: "text/html", "accept-encoding": accepted },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    // Issue #39: the unprefixed page is answered in the visitor's language (test/localized-pages.test.ts).
    expect(response.headers.vary).toBe("cookie, accept-language, accept-encoding");
    const html = decode(response.rawPayload).toString();
    expect(html).toBe(HOME_HTML);
    expect(html).toContain("<h1>Talk to strangers. Stay anonymous.</h1>");
    // The hashed asset tags of the shell are kept, so the page hydrates.
    expect(html).toContain('<script type="module" src="/assets/app-abc123.js"></script>');
  });

  it.each([["/?resetToken=abc"], ["/?utm_source=x"]])(
    "sends the prerendered landing page for %s (the query string is the client's)",
    async (url) => {
      const response = await test.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(HOME_HTML);
    },
  );

  it("sends a prerendered page for its own address, to any client, and answers HEAD", async () => {
    const page = await fetch(`${test.url}/about`, { headers: { accept: "*/*" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(await page.text()).toBe(ABOUT_HTML);

    const head = await test.app.inject({ method: "HEAD", url: "/about" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(ABOUT_HTML)));
    expect(head.body).toBe("");
  });

  it("sends a signed-out page of the app to a visitor without a session, and the shell to one with", async () => {
    const signedOut = await test.app.inject({
      method: "GET",
      url: "/chat",
      headers: { accept: "text/html", "accept-encoding": "gzip", cookie: "heartline.device=abc" },
    });
    expect(signedOut.statusCode).toBe(200);
    expect(gunzipSync(signedOut.rawPayload).toString()).toBe(CHAT_HTML);
    expect(signedOut.headers.vary).toMatch(/cookie/);
    expect(signedOut.headers["cache-control"]).toMatch(/private/);

    for (const cookie of [
      "better-auth.session_token=token.signature",
      "heartline.device=abc; __Secure-better-auth.session_token=token.signature",
    ]) {
      const signedIn = await test.app.inject({
        method: "GET",
        url: "/chat?from=menu",
        headers: { accept: "text/html", cookie },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body).toBe(INDEX_HTML);
      expect(signedIn.headers.vary).toMatch(/cookie/);
    }
  });

  it("makes only <page>.html files of prerendered/ into pages", async () => {
    const response = await test.app.inject({
      method: "GET",
      url: "/notes",
      headers: { accept: "text/html" },
    });
    expect(response.body).toBe(INDEX_HTML);
  });

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

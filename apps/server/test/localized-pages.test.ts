import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers/test-app";

const SHELL = '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>';
const page = (lang: string, h1: string) =>
  SHELL.replace('lang="en"', `lang="${lang}"`).replace(
    '<div id="root"></div>',
    `<div id="root"><h1>${h1}</h1></div>`,
  );

/** The build's copies (apps/web/build/prerender.ts): English's at the top, each language's in its folder. */
const FILES: Record<string, string> = {
  "index.html": SHELL,
  "prerendered/index.html": page("en", "Talk to strangers."),
  "prerendered/about.html": page("en", "About Heartline"),
  "prerendered/es/index.html": page("es", "Habla con desconocidos."),
  "prerendered/ar/index.html": page("ar", "تحدّث مع الغرباء."),
  "prerendered/pt-br/index.html": page("pt-BR", "Converse com desconhecidos."),
  "prerendered/signed-out/chat.html": page("en", "Random chat"),
  "prerendered/signed-out/ar/chat.html": page("ar", "دردشة عشوائية"),
};

describe("each language's prerendered pages (issue #39)", () => {
  let test: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), "heartline-locales-"));
    for (const [file, html] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(distDir, file)), { recursive: true });
      await writeFile(path.join(distDir, file), html);
    }
    test = await startTestApp({ env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await test?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: "GET", url, headers: { accept: "text/html", ...headers } });

  it("answers / in the browser's language on a first visit, in place, varying on what chose it", async () => {
    const arabic = await get("/", { "accept-language": "ar-EG,ar;q=0.9,en;q=0.5" });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.body).toBe(FILES["prerendered/ar/index.html"]);
    expect(arabic.headers.vary).toBe("cookie, accept-language, accept-encoding");
    expect(arabic.headers["cache-control"]).toBe("no-cache");

    expect((await get("/", { "accept-language": "pt-PT" })).body).toBe(FILES["prerendered/pt-br/index.html"]);
    expect((await get("/", { "accept-language": "ja,zh;q=0.8" })).body).toBe(FILES["prerendered/index.html"]);
    expect((await get("/")).body).toBe(FILES["prerendered/index.html"]);
  });

  it("prefers the saved choice (cookie) over the browser's language", async () => {
    const english = await get("/", { "accept-language": "ar", cookie: "heartline-locale=en" });
    expect(english.body).toBe(FILES["prerendered/index.html"]);
    const spanish = await get("/", { "accept-language": "ar", cookie: "x=1; heartline-locale=es" });
    expect(spanish.body).toBe(FILES["prerendered/es/index.html"]);
    // A value that is not one of the eight is no choice.
    const unknown = await get("/", { "accept-language": "ar", cookie: "heartline-locale=xx" });
    expect(unknown.body).toBe(FILES["prerendered/ar/index.html"]);
  });

  it("sends the English page where the language has no copy yet", async () => {
    const about = await get("/about", { "accept-language": "ar" });
    expect(about.body).toBe(FILES["prerendered/about.html"]);
  });

  it("gives each language's copy an address of its own, always in that language", async () => {
    for (const url of ["/ar/", "/ar"]) {
      const response = await get(url, { "accept-language": "en", cookie: "heartline-locale=es" });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(FILES["prerendered/ar/index.html"]);
    }
    expect((await get("/pt-br/")).body).toBe(FILES["prerendered/pt-br/index.html"]);
    // No copy at that address: the app's shell, as for any other route.
    expect((await get("/ar/about")).body).toBe(SHELL);
  });

  it("sends /chat to a signed-out visitor in their language, and the shell to a signed-in one", async () => {
    const signedOut = await get("/chat", { "accept-language": "ar" });
    expect(signedOut.body).toBe(FILES["prerendered/signed-out/ar/chat.html"]);
    expect(signedOut.headers.vary).toMatch(/cookie, accept-language/);
    expect(signedOut.headers["cache-control"]).toBe("private, no-cache");
    expect((await get("/chat", { "accept-language": "de" })).body).toBe(
      FILES["prerendered/signed-out/chat.html"],
    );
    const signedIn = await get("/chat", { "accept-language": "ar", cookie: "better-auth.session_token=t.s" });
    expect(signedIn.body).toBe(SHELL);
  });
});

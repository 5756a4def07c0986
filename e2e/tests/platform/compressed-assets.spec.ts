import { readFile, stat } from "node:fs/promises";
import { get } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { initialScripts } from "../../../scripts/measure-initial-js.mjs";
import { gotoAndSettle, useBrowser } from "../../support/browser";
import { suiteBaseUrl, WEB_DIST_DIR } from "../../support/server";

const browser = useBrowser();

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body is left as sent (fetch would decode it), so its bytes and encoding can be checked. */
function getRaw(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** The production build's entry script, as index.html names it. */
async function entryScriptPath(): Promise<string> {
  const html = await readFile(join(WEB_DIST_DIR, "index.html"), "utf8");
  const entry = initialScripts(html).find((script) => script.kind === "entry");
  if (!entry) throw new Error("index.html has no entry script");
  return entry.url;
}

/** The entry script of a page as the server sends it to a navigation (a prerendered page has its own). */
async function servedEntryScriptPath(pathname: string): Promise<string> {
  const response = await fetch(`${suiteBaseUrl()}${pathname}`, { headers: { accept: "text/html" } });
  const entry = initialScripts(await response.text()).find((script) => script.kind === "entry");
  if (!entry) throw new Error(`${pathname} has no entry script`);
  return new URL(entry.url, `${suiteBaseUrl()}${pathname}`).pathname;
}

describe("the production build is sent compressed (BENCHMARKS B6)", () => {
  it.each([
    ["br", "gzip, deflate, br", ".br", brotliDecompressSync],
    ["gzip", "gzip, deflate", ".gz", gunzipSync],
  ])("sends the entry script's prebuilt %s copy", async (encoding, accepted, extension, decode) => {
    const entry = await entryScriptPath();
    const original = await readFile(join(WEB_DIST_DIR, entry));
    const compressedSize = (await stat(join(WEB_DIST_DIR, `${entry}${extension}`))).size;

    const response = await getRaw(`${suiteBaseUrl()}${entry}`, { "accept-encoding": accepted });

    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers.vary).toBe("accept-encoding");
    expect(response.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.body.length).toBe(compressedSize);
    expect(Number(response.headers["content-length"])).toBe(compressedSize);
    expect(compressedSize).toBeLessThan(original.length / 2);
    expect(decode(response.body).equals(original)).toBe(true);
  });

  it("sends the entry script as built to a client that accepts no encoding", async () => {
    const entry = await entryScriptPath();
    const original = await readFile(join(WEB_DIST_DIR, entry));

    const response = await getRaw(`${suiteBaseUrl()}${entry}`, {});

    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body.equals(original)).toBe(true);
  });

  it.each([["/"], ["/sw.js"]])("makes browsers revalidate %s, compressed", async (path) => {
    const response = await getRaw(`${suiteBaseUrl()}${path}`, {
      accept: "text/html",
      "accept-encoding": "br",
    });

    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("Chromium receives the landing page's script and stylesheet compressed", async () => {
    const page = await browser.newPage();
    const encodings = new Map<string, string | undefined>();
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (/^\/assets\/.+\.(js|css)$/.test(pathname)) {
        encodings.set(pathname, response.headers()["content-encoding"]);
      }
    });
    // A prerendered page fetches its scripts after its first paint, which `load` can precede.
    await gotoAndSettle(page, "/");

    const entry = await servedEntryScriptPath("/");
    expect(encodings.get(entry), `${entry} among ${[...encodings.keys()].join(", ")}`).toMatch(/^(br|gzip)$/);
    const stylesheets = [...encodings].filter(([pathname]) => pathname.endsWith(".css"));
    expect(stylesheets.length).toBeGreaterThan(0);
    for (const [, encoding] of stylesheets) expect(encoding).toMatch(/^(br|gzip)$/);
  });
});

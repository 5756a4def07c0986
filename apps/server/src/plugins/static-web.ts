import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors/app-error";
import { REVALIDATE_CACHE, registerPrerenderedPages } from "./prerendered-pages";

/**
 * Serves the built web app from WEB_DIST_DIR (ARCHITECTURE §1: one process, one port).
 * Hashed files under /assets/ never change, so browsers keep them for a year; everything else
 * (index.html, sw.js, the manifest) is revalidated so a deploy shows up on the next load.
 * The build writes a brotli (.br) and a gzip (.gz) copy next to each text file (apps/web/build/compression.ts):
 * a browser that accepts one gets it, with `content-encoding`, and nothing is compressed per request
 * (BENCHMARKS B6, issue #16). API responses are left uncompressed on purpose: the landing page's and
 * /chat's are 0–13 bytes (the ~0.9 KB of each response is headers), and per-request compression would
 * spend the event loop's CPU that B1–B4 measure and reopen BREACH-style leaks on JSON that reflects input.
 * The public pages (home, content, themed landing pages) are prerendered by the build into
 * `prerendered/<page>.html` (apps/web/build/prerender.ts): each is sent for its own address, so its
 * first paint needs no JavaScript (issue #16, B6); every other route gets the empty shell.
 * Pages of the app prerendered as a signed-out visitor sees them (`prerendered/signed-out/<page>.html`,
 * issue #36: `/chat`) go only to a request without a session cookie; with one, the page would show
 * someone else than its visitor, so the shell is sent, as for every other route. Issue #39: each
 * language's copies, and which one a visitor gets: ./prerendered-pages.ts.
 */

export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
export const NOT_BUILT_MESSAGE = [
  "Heartline: the web app has not been built yet.",
  "",
  "Run `npm run build` at the repository root, then reload this page.",
  "(In development, `npm run dev` serves the web app with Vite instead.)",
  "",
].join("\n");

const NON_PAGE_PREFIXES = ["/api", "/socket.io"];

export const staticWebPlugin = fp(
  async (app: FastifyInstance) => {
    const root = app.config.webDistDir;
    const isBuilt = existsSync(path.join(root, "index.html"));
    if (isBuilt) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        cacheControl: false,
        dotfiles: "ignore",
        preCompressed: true,
        setHeaders: (response, filePath) => {
          response.setHeader("cache-control", cacheControlFor(root, filePath));
          // The same URL answers with brotli, gzip or identity: caches must key on what was accepted.
          response.setHeader("vary", "accept-encoding");
        },
      });
    } else {
      app.log.warn({ webDistDir: root }, "web app not built: run `npm run build`");
    }

    registerPrerenderedPages(app, root);

    app.setNotFoundHandler((request, reply) => {
      if (isPageRequest(request)) {
        return isBuilt ? sendIndex(reply) : sendNotBuilt(reply);
      }
      const pathname = request.url.split("?")[0]?.slice(0, 200) ?? "";
      throw new AppError("not_found", `Nothing at ${request.method} ${pathname}`);
    });
  },
  { name: "static-web", decorators: { fastify: ["config"] } },
);

export function cacheControlFor(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join("/");
  return relative.startsWith("assets/") ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/** A browser navigation to a client-side route: GET/HEAD, outside the API, wanting HTML. */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const pathname = request.url.split("?")[0] ?? "/";
  const isNonPage = NON_PAGE_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
  if (isNonPage) return false;
  return pathname === "/" || (request.headers.accept ?? "").includes("text/html");
}

function sendIndex(reply: FastifyReply): FastifyReply {
  reply.header("cache-control", REVALIDATE_CACHE);
  return reply.sendFile("index.html");
}

function sendNotBuilt(reply: FastifyReply): FastifyReply {
  return reply
    .status(503)
    .header("cache-control", "no-store")
    .type("text/plain; charset=utf-8")
    .send(NOT_BUILT_MESSAGE);
}

import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

/**
 * BENCHMARKS B6 (issue #16): every text file of the build is compressed once, at build time, to brotli
 * (.br) and gzip (.gz) next to the original; the server sends the copy the browser accepts
 * (apps/server/src/plugins/static-web.ts). A copy that would not be smaller is not written.
 */

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };
const GZIP = { level: constants.Z_BEST_COMPRESSION };
const TEXT_FILE = /\.(html|css|js|mjs|json|svg|webmanifest|txt|xml)$/;
/** Written by vite-plugin-pwa after the bundle, so vite-plugin-compression2 never sees them. */
const SERVICE_WORKER_FILE = /^(sw|workbox-[\w-]+)\.js$/;

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** The bundle and the public folder, through vite-plugin-compression2; then the service worker. */
export function precompress(): Plugin[] {
  return [precompressBundle(), precompressServiceWorker()];
}

/** The bundle and the public folder (also used by the empty template B6 measures as its floor). */
export function precompressBundle(): Plugin {
  return compression({
    algorithms: [defineAlgorithm("brotliCompress", BROTLI), defineAlgorithm("gzip", GZIP)],
    include: TEXT_FILE,
  });
}

function precompressServiceWorker(): Plugin {
  let outDir = "";
  return {
    name: "heartline:precompress-service-worker",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After vite-plugin-pwa's closeBundle, which writes sw.js and the Workbox runtime.
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const files = (await readdir(outDir)).filter((file) => SERVICE_WORKER_FILE.test(file));
        if (!files.includes("sw.js"))
          this.error(`sw.js is missing from ${outDir}: is vite-plugin-pwa still installed?`);
        await Promise.all(files.map((file) => writeCompressedCopies(path.join(outDir, file))));
      },
    },
  };
}

export async function writeCompressedCopies(filePath: string): Promise<void> {
  const content = await readFile(filePath);
  const copies: [string, Buffer][] = [
    [`${filePath}.br`, await compressBrotli(content, BROTLI)],
    [`${filePath}.gz`, await compressGzip(content, GZIP)],
  ];
  for (const [copyPath, compressed] of copies) {
    if (compressed.length < content.length) await writeFile(copyPath, compressed);
  }
}

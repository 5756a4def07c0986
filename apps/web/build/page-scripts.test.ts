import { describe, expect, it } from "vitest";
import { type BuiltChunk, pageChunkFiles, withScriptsAfterPaint } from "./page-scripts";

const chunk = (fileName: string, fields: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  isEntry: false,
  isDynamicEntry: false,
  facadeModuleId: null,
  imports: [],
  ...fields,
});

// entry → react (static); the home route and the about route are lazy; both use an icon chunk; the home
// route's lazy footer uses react too.
const CHUNKS = [
  chunk("assets/index.js", { isEntry: true, imports: ["assets/react.js"] }),
  chunk("assets/react.js"),
  chunk("assets/home.js", {
    isDynamicEntry: true,
    facadeModuleId: "/app/src/features/home/pages/home-page.tsx",
    imports: ["assets/icon.js", "assets/react.js"],
  }),
  chunk("assets/about.js", {
    isDynamicEntry: true,
    facadeModuleId: "/app/src/features/content/pages/about-page.tsx",
    imports: ["assets/icon.js"],
  }),
  chunk("assets/icon.js"),
  chunk("assets/footer.js", {
    isDynamicEntry: true,
    facadeModuleId: "/app/src/features/layout/footer.tsx",
    imports: ["assets/react.js"],
  }),
];

describe("pageChunkFiles", () => {
  it("lists the lazy chunks the page rendered and their imports, not the shell's", () => {
    const rendered = [
      "/app/src/main.tsx",
      "/app/src/features/home/pages/home-page.tsx",
      "/app/src/features/layout/footer.tsx?v=1",
    ];
    expect(pageChunkFiles(CHUNKS, rendered)).toEqual([
      "assets/home.js",
      "assets/icon.js",
      "assets/footer.js",
    ]);
  });

  it("leaves out a lazy chunk whose module only sits in a rendered chunk's neighbour", () => {
    // The about page's module was not rendered: its chunk stays out though it shares the icon chunk.
    expect(pageChunkFiles(CHUNKS, ["/app/src/features/home/pages/home-page.tsx"])).toEqual([
      "assets/home.js",
      "assets/icon.js",
    ]);
  });

  it("lists nothing for a page rendered from the entry alone", () => {
    expect(pageChunkFiles(CHUNKS, ["/app/src/main.tsx"])).toEqual([]);
  });
});

const SHELL = `<!doctype html><html><head>
<script src="/theme-init.js"></script>
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react.js">
<link rel="stylesheet" crossorigin href="/assets/index.css">
</head><body><div id="root">page</div></body></html>`;

describe("withScriptsAfterPaint", () => {
  it("moves the module scripts into the page-scripts template with the page's chunks, then the loader", () => {
    const html = withScriptsAfterPaint(SHELL, ["assets/home.js"]);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<script src="/theme-init.js"></script>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(head).not.toContain("modulepreload");
    expect(head).not.toContain('type="module"');
    expect(html).toContain(
      '<div id="root">page</div><template id="page-scripts">' +
        '<script type="module" crossorigin src="/assets/index.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/home.js">' +
        '</template><script src="/hydrate-after-paint.js" defer></script></body>',
    );
  });

  it("refuses a page without a module entry", () => {
    expect(() => withScriptsAfterPaint("<html><body></body></html>", [])).toThrow(
      "the page has no module entry",
    );
  });
});

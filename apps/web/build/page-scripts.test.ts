import { describe, expect, it } from "vitest";
import { type BuiltChunk, entryChunkFiles, withScriptsAfterPaint } from "./page-scripts";

const chunk = (fileName: string, fields: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  ...fields,
});

const PUBLIC_ENTRY = "/app/src/public-entry.tsx";

// The app's entry and the public entry share react; the public entry also imports the islands' chunk,
// which imports an icon chunk; the demo conversation is lazy.
const CHUNKS = [
  chunk("assets/index.js", {
    isEntry: true,
    facadeModuleId: "/app/index.html",
    imports: ["assets/react.js"],
  }),
  chunk("assets/react.js"),
  chunk("assets/icon.js"),
  chunk("assets/islands.js", { imports: ["assets/icon.js", "assets/react.js"] }),
  chunk("assets/public.js", {
    isEntry: true,
    facadeModuleId: PUBLIC_ENTRY,
    imports: ["assets/islands.js", "assets/react.js"],
  }),
  chunk("assets/demo.js", { facadeModuleId: "/app/src/features/home/components/demo-chat.tsx" }),
];

describe("entryChunkFiles", () => {
  it("lists the entry's chunk and everything it imports statically, in bundle order, not lazy chunks", () => {
    expect(entryChunkFiles(CHUNKS, PUBLIC_ENTRY)).toEqual({
      entry: "assets/public.js",
      imports: ["assets/react.js", "assets/icon.js", "assets/islands.js"],
    });
  });

  it("refuses a module that is no entry of the bundle", () => {
    expect(() => entryChunkFiles(CHUNKS, "/app/src/main.tsx")).toThrow(
      "the bundle has no entry chunk for /app/src/main.tsx",
    );
  });
});

const SHELL = `<!doctype html><html><head>
<script src="/theme-init.js"></script>
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react.js">
<link rel="stylesheet" crossorigin href="/assets/index.css">
</head><body><div id="root">page</div></body></html>`;

describe("withScriptsAfterPaint", () => {
  it("replaces the shell's module scripts with the page's, in the page-scripts template, then the loader", () => {
    const html = withScriptsAfterPaint(SHELL, { entry: "assets/public.js", imports: ["assets/react.js"] });
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<script src="/theme-init.js"></script>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(html).not.toContain("/assets/index.js");
    expect(head).not.toContain("modulepreload");
    expect(html).toContain(
      '<div id="root">page</div><template id="page-scripts">' +
        '<script type="module" crossorigin src="/assets/public.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
        '</template><script src="/hydrate-after-paint.js" defer></script></body>',
    );
  });

  it("refuses a page without a body to put them in", () => {
    expect(() => withScriptsAfterPaint("<html></html>", { entry: "assets/public.js", imports: [] })).toThrow(
      "the page has no </body> to put its scripts before",
    );
  });
});

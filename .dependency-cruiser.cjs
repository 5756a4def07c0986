// Architecture boundaries, checked by `npm run lint` (dependency-cruiser 17). The rule names are what a
// failure prints; scripts/lint-boundaries.test.mjs runs this same config over a fixture tree and checks
// that each rule fires on a deliberate violation and stays quiet on an import through `index.ts`.
// Paths are relative to where depcruise runs (the repository root for `npm run lint`).

const path = require("node:path");

/** An import of another feature's module other than its `index.ts` (`$1` is the importer's feature). */
const otherFeatureInternals = (app) => ({
  path: `^apps/${app}/src/features/[^/]+/`,
  pathNot: [`^apps/${app}/src/features/$1/`, `^apps/${app}/src/features/[^/]+/index\\.tsx?$`],
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-deep-import-across-server-features",
      comment:
        "A file in apps/server/src/features/A/ may import from another feature B only features/B/index.ts " +
        "(its public surface); everything else in B is B's own business.",
      severity: "error",
      from: { path: "^apps/server/src/features/([^/]+)/" },
      to: otherFeatureInternals("server"),
    },
    {
      name: "no-deep-import-across-web-features",
      comment:
        "A file in apps/web/src/features/A/ may import from another feature B only features/B/index.ts; " +
        "the one exception is a dynamic import() of B's page for React.lazy (next rule).",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { ...otherFeatureInternals("web"), dynamic: false },
    },
    {
      name: "web-lazy-import-only-of-feature-pages",
      comment:
        "A dynamic import() across web features (React.lazy) may load features/B/pages/* and nothing " +
        "else of B but its index.ts.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: {
        path: "^apps/web/src/features/[^/]+/",
        pathNot: [
          "^apps/web/src/features/$1/",
          "^apps/web/src/features/[^/]+/index\\.tsx?$",
          "^apps/web/src/features/[^/]+/pages/",
        ],
        dynamic: true,
      },
    },
    {
      name: "no-circular",
      comment:
        "No import cycles, between features or inside one (docs/architecture.md: the arrow runs one way). " +
        "What two features both need moves into a module below both (apps/server/src/social/, " +
        "apps/web/src/lib/), or one is handed the other's piece by the composition root.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-bench-deep-import-of-feature",
      comment:
        "bench/ measures the server's code through what its features publish: features/B/index.ts, " +
        "never B's internals (a bench is not a reason to widen a feature's surface by a deep import).",
      severity: "error",
      from: { path: "^bench/" },
      to: {
        path: "^apps/server/src/features/[^/]+/",
        pathNot: "^apps/server/src/features/[^/]+/index\\.ts$",
      },
    },
    {
      name: "no-lower-layer-imports-upward",
      comment:
        "lib/, realtime/, social/, db/, auth/, mail/ and errors/ sit below every feature and every plugin: " +
        "those build on them, never the other way round (the people and pair SQL that features share " +
        "lives in social/; a type they share, such as RedisClient, in lib/).",
      severity: "error",
      from: { path: "^apps/server/src/(lib|realtime|social|db|auth|mail|errors)/" },
      to: { path: "^apps/server/src/(features|plugins)/" },
    },
    {
      name: "no-plugin-imports-feature",
      comment:
        "Server plugins are infrastructure (database, auth, sockets, storage…): features build on them, " +
        "never the other way round.",
      severity: "error",
      from: { path: "^apps/server/src/plugins/" },
      to: { path: "^apps/server/src/features/" },
    },
    {
      name: "socket-io-client-only-in-lib-socket",
      comment:
        "Only apps/web/src/lib/socket.ts talks to socket.io-client; the rest of the web app uses its " +
        "typed wrapper.",
      severity: "error",
      // Server tests drive the server with a real client, so the rule is the web app's.
      from: { path: "^apps/web/", pathNot: "^apps/web/src/lib/socket\\.ts$" },
      to: { path: ["(^|/)node_modules/socket\\.io-client/", "^socket\\.io-client$"] },
    },
  ],
  options: {
    // Type-only imports count too: a type from another feature's internals is still a deep import.
    tsPreCompilationDeps: true,
    // Absolute, so the same config also works from the fixture tree of scripts/lint-boundaries.test.mjs.
    tsConfig: { fileName: path.join(__dirname, "tsconfig.base.json") },
    doNotFollow: { path: ["node_modules"] },
    exclude: { path: ["(^|/)dist/", "(^|/)dist-cluster/", "^scripts/lint-fixtures/"] },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};

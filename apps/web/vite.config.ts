import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { precompress } from "./build/compression";
import { compiledCatalogs } from "./build/lingui-catalogs";
import { PRERENDERED_DIR, PUBLIC_ENTRY, prerenderPublicPages } from "./build/prerender";

// The API server (ARCHITECTURE §1): in development Vite proxies /api and /socket.io to it.
const API_TARGET = "http://localhost:3000";

export default defineConfig({
  plugins: [
    react(),
    // Issue #39: the catalogs reach the browser as compiled messages (no MessageFormat parser).
    compiledCatalogs(),
    tailwindcss(),
    VitePWA({
      // spec §2: a service worker is registered on load; an external deferred script keeps the CSP strict.
      registerType: "autoUpdate",
      injectRegister: "script-defer",
      includeAssets: ["heartline.svg", "theme-init.js", "locale-init.js", "notifications-sw.js"],
      manifest: {
        name: "Heartline",
        short_name: "Heartline",
        description: "Anonymous 18+ chat with strangers: random chat, a group room, friends and streaks.",
        theme_color: "#e11d48",
        background_color: "#09090b",
        display: "standalone",
        start_url: "/",
        icons: [{ src: "/heartline.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
      },
      workbox: {
        // Issue #40: the push and notification-click handlers, a plain script of public/.
        importScripts: ["notifications-sw.js"],
        // Only the app's own routes get the SPA shell: the API, the socket, uploaded files, the dev
        // outbox and any path with a file extension (robots.txt, a picture opened in a new tab) always
        // reach the server (issue #14).
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/socket\.io\//,
          /^\/uploads\//,
          /^\/dev\//,
          /\.[a-z0-9]+$/i,
        ],
        // The precompressed copies (.br, .gz) stay out of the precache: the worker fetches the
        // originals and the server picks the encoding.
        globPatterns: ["**/*.{js,css,html,svg,webmanifest}"],
        // The prerendered pages are for first visits and search engines; the worker serves the shell.
        globIgnores: [`${PRERENDERED_DIR}/**`],
      },
    }),
    // Brotli and gzip copies of every text file, served by the server (BENCHMARKS B6).
    ...precompress(),
    // The public pages as static HTML, hydrated on load (issue #16, B6).
    prerenderPublicPages(),
  ],
  build: {
    target: "es2022",
    // Every browser the app supports (es2022) has modulepreload; the polyfill would be ~0.6 KB gzip of
    // the app shell's initial JavaScript.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app's shell, and the script of the prerendered public pages, which hydrates their islands
      // only (issue #36): the landing page's graph holds neither the router's routes nor the app shell.
      input: {
        index: fileURLToPath(new URL("./index.html", import.meta.url)),
        public: fileURLToPath(new URL(`./${PUBLIC_ENTRY}`, import.meta.url)),
      },
      output: {
        // Lazy chunks are named by their hash alone: the entry chunk lists every lazy chunk's file and its
        // preload dependencies (Vite's `__vite__mapDeps`), and descriptive names cost ~0.75 KB gzip there
        // on the landing page's budget.
        chunkFileNames: "assets/[hash].js",
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack|zustand)[\\/]/,
            },
            {
              name: "core",
              test: /[\\/]src[\\/](lib[\\/](socket|http-client|analytics|use-is-hydrating|format-count)|ui[\\/](shell-icons|logo|button|island|router-scope)|features[\\/](theme[\\/](hooks|state|theme|components[\\/]theme-toggle)|presence[\\/](api|state)|layout[\\/](nav-links|components[\\/](top-bar-controls|online-count|mobile-menu\.))|accounts[\\/](state|api[\\/]use-session|domain[\\/]account-status|components[\\/]account-entry)))|packages[\\/]shared[\\/]src[\\/](constants|errors)\.ts$/,
            },
          ],
        },
      },
      treeshake: {
        // @heartline/shared is pure (no import-time effects), so a module none of whose exports are
        // used is dropped. Without this the landing page would ship every zod schema (~26 KB gzip).
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false },
          // A feature's public entry only re-exports: a page gets the modules it names, not the rest.
          { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: true },
      "/socket.io": { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
});

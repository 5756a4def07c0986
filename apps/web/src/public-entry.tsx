import { mountIslands } from "./islands/mount-islands";
import { silenceConsole } from "./lib/silence-console";

// issue #36: the script of the prerendered public pages (apps/web/build/prerender.ts); every other
// page, and the service worker's shell, runs main.tsx.
if (import.meta.env.PROD) silenceConsole();

void mountIslands(document);

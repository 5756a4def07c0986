import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "react-hot-toast";
import { afterEach, beforeAll, beforeEach } from "vitest";
import { activateLocale, activeLocale, loadChatCatalog } from "../lib/i18n/i18n";
import { installMatchMedia } from "./match-media";
import { resetStores } from "./reset-stores";

// Lazy routes transform their modules on first use; on a busy 2-core machine that can exceed 1 s, and
// with the unit and cluster suites side by side (scripts/test.mjs) 5 s (2026-12-02: router and dialog
// tests gave up at 5 s at load 20). A find still returns as soon as its element is there.
configure({ asyncUtilTimeout: 12_000 });

// Issue #39: components speak the active language; tests read English unless they switch.
beforeAll(async () => {
  await Promise.all([activateLocale("en"), loadChatCatalog("en")]);
});

// jsdom has no matchMedia; the theme follows `prefers-color-scheme`, so tests drive a controllable one.
beforeEach(() => {
  installMatchMedia(false);
});

afterEach(async () => {
  cleanup();
  if (activeLocale() !== "en") await activateLocale("en");
  document.documentElement.removeAttribute("lang");
  document.documentElement.removeAttribute("dir");
  // Before the storage is cleared: a persisted store writes its first state back.
  resetStores();
  // react-hot-toast keeps its toasts in a module-level store too: a file's toasts must not show in the next.
  toast.remove();
  localStorage.clear();
  // The saved language's cookie (lib/i18n/locale-choice.ts), which locale-init.js and the server read.
  // biome-ignore lint/suspicious/noDocumentCookie: the app writes it the same way
  document.cookie = "heartline-locale=; Path=/; Max-Age=0";
  document.documentElement.className = "";
  document.documentElement.removeAttribute("style");
  document.title = "";
});

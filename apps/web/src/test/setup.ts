import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "react-hot-toast";
import { afterEach, beforeEach } from "vitest";
import { installMatchMedia } from "./match-media";
import { resetStores } from "./reset-stores";

// Lazy routes transform their modules on first use; on a busy 2-core machine that can exceed 1 s, and
// with the unit and cluster suites side by side (scripts/test.mjs) 5 s (2026-12-02: router and dialog
// tests gave up at 5 s at load 20). A find still returns as soon as its element is there.
configure({ asyncUtilTimeout: 12_000 });

// jsdom has no matchMedia; the theme follows `prefers-color-scheme`, so tests drive a controllable one.
beforeEach(() => {
  installMatchMedia(false);
});

afterEach(() => {
  cleanup();
  // Before the storage is cleared: a persisted store writes its first state back.
  resetStores();
  // react-hot-toast keeps its toasts in a module-level store too: a file's toasts must not show in the next.
  toast.remove();
  localStorage.clear();
  document.documentElement.className = "";
  document.documentElement.removeAttribute("style");
  document.title = "";
});

import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { installMatchMedia } from "./match-media";

// Lazy routes transform their modules on first use; on a busy 2-core machine that can exceed 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; the theme follows `prefers-color-scheme`, so tests drive a controllable one.
beforeEach(() => {
  installMatchMedia(false);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = "";
  document.documentElement.removeAttribute("style");
  document.title = "";
});

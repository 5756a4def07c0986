import { describe, expect, it } from "vitest";
import {
  applyTheme,
  readThemePreference,
  resolveTheme,
  THEME_STORAGE_KEY,
  writeThemePreference,
} from "./theme";

describe("theme preference", () => {
  it("defaults to system and ignores unknown stored values", () => {
    expect(readThemePreference(localStorage)).toBe("system");
    localStorage.setItem(THEME_STORAGE_KEY, "purple");
    expect(readThemePreference(localStorage)).toBe("system");
  });

  it("stores the bare word under heartline-theme (read before paint by theme-init.js)", () => {
    writeThemePreference(localStorage, "dark");
    expect(localStorage.getItem("heartline-theme")).toBe("dark");
    expect(readThemePreference(localStorage)).toBe("dark");
  });

  it("survives storage that throws", () => {
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(readThemePreference(blocked)).toBe("system");
    expect(() => writeThemePreference(blocked, "light")).not.toThrow();
  });

  it("resolves system to the OS preference and explicit choices to themselves", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });

  it("applies the dark class, color-scheme and the color-scheme meta", () => {
    applyTheme(document, "dark");
    expect(document.documentElement).toHaveClass("dark");
    expect(document.documentElement.style.colorScheme).toBe("dark");
    expect(document.querySelector('meta[name="color-scheme"]')).toHaveAttribute("content", "dark");
    applyTheme(document, "light");
    expect(document.documentElement).not.toHaveClass("dark");
    expect(document.querySelectorAll('meta[name="color-scheme"]')).toHaveLength(1);
    expect(document.querySelector('meta[name="color-scheme"]')).toHaveAttribute("content", "light");
  });

  it("writes nothing the theme bootstrap already set (a rewritten color-scheme meta restyles the page)", async () => {
    applyTheme(document, "dark");
    const changed: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records)
        changed.push(`${(record.target as Element).tagName} ${record.attributeName}`);
    });
    observer.observe(document, { attributes: true, subtree: true });
    applyTheme(document, "dark");
    // Mutation records are delivered in a microtask.
    await Promise.resolve();
    observer.disconnect();
    expect(changed).toEqual([]);
  });
});

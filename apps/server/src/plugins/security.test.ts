import { describe, expect, it } from "vitest";
import { buildCspDirectives, containsNul } from "./security";

describe("buildCspDirectives", () => {
  it("upgrades insecure requests and allows wss only for an https site", () => {
    const directives = buildCspDirectives("wss://chat.example.com", true);
    expect(directives["connect-src"]).toEqual(["'self'", "wss://chat.example.com"]);
    expect(directives).toHaveProperty("upgrade-insecure-requests", []);
  });

  it("leaves upgrade-insecure-requests out for a plain-http site (a local install)", () => {
    const directives = buildCspDirectives("ws://localhost:3000", false);
    expect(directives["connect-src"]).toEqual(["'self'", "ws://localhost:3000"]);
    expect(directives).not.toHaveProperty("upgrade-insecure-requests");
    expect(directives["script-src"]).toEqual(["'self'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
  });
});

describe("containsNul", () => {
  it("finds U+0000 in any string of a parsed body, keys included, and nothing else", () => {
    expect(containsNul({ token: "\u0000" })).toBe(true);
    expect(containsNul({ list: [1, { deep: "a\u0000b" }] })).toBe(true);
    expect(containsNul({ ["k\u0000"]: 1 })).toBe(true);
    expect(containsNul({ email: "a@b.co", n: 1, ok: true, none: null })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });
});

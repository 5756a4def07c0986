import { describe, expect, it } from "vitest";
import { buildCspDirectives } from "./security";

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

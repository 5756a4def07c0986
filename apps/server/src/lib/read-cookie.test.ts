import { describe, expect, it } from "vitest";
import { MAX_COOKIE_HEADER_LENGTH, readCookie } from "./read-cookie";

describe("readCookie", () => {
  it("reads one cookie among others, with spaces around the pairs", () => {
    expect(readCookie("a=1; heartline.device=abc ;b=2", "heartline.device")).toBe("abc");
    expect(readCookie("a=1;b=2", "b")).toBe("2");
  });

  it("keeps the first of a repeated name (the longest path's, which a parent path's cookie cannot replace)", () => {
    expect(readCookie("pass=ours; other=x; pass=planted", "pass")).toBe("ours");
  });

  it("takes the value as sent: '=' inside it, nothing percent-decoded", () => {
    expect(readCookie("pass=a.b=c.d", "pass")).toBe("a.b=c.d");
    expect(readCookie("pass=%61%62", "pass")).toBe("%61%62");
  });

  it("answers null for a missing cookie, a missing or empty header, or one too long to read", () => {
    expect(readCookie("a=1", "b")).toBeNull();
    expect(readCookie("a", "a")).toBeNull();
    expect(readCookie(undefined, "a")).toBeNull();
    expect(readCookie("", "a")).toBeNull();
    expect(readCookie(`a=1; ${"x".repeat(MAX_COOKIE_HEADER_LENGTH)}=2`, "a")).toBeNull();
  });

  it("does not take a name that only ends like the one asked for", () => {
    expect(readCookie("xheartline.device=abc", "heartline.device")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { safeHref, splitLinks } from "./safe-links";

describe("safe links", () => {
  it("links http and https addresses and leaves the text around them as text", () => {
    expect(splitLinks("see https://example.com/a?b=1, and http://x.test.")).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { kind: "text", text: ", and " },
      { kind: "link", text: "http://x.test", href: "http://x.test/" },
      { kind: "text", text: "." },
    ]);
  });

  it("never links javascript:, data: or other schemes, nor markup", () => {
    for (const text of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(document.cookie)",
      "data:text/html,<script>alert(1)</script>",
      '<a href="javascript:alert(1)">x</a>',
      "ftp://files.example.com",
    ]) {
      expect(splitLinks(text).every((part) => part.kind === "text")).toBe(true);
    }
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("https://ok.example")).toBe("https://ok.example/");
  });

  it("keeps plain text as one part", () => {
    expect(splitLinks("hello there")).toEqual([{ kind: "text", text: "hello there" }]);
    expect(splitLinks("")).toEqual([]);
  });
});

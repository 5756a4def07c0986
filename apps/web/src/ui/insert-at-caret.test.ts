import { describe, expect, it } from "vitest";
import { insertAtCaret } from "./insert-at-caret";

describe("insertAtCaret (issue #14: emoji at the caret, with a space)", () => {
  it("puts the emoji at the caret with a space on each side of the words", () => {
    expect(insertAtCaret("hello world", 5, 5, "🙂")).toEqual({ text: "hello 🙂 world", caret: 8 });
  });

  it("adds no double spaces and no leading space at the start", () => {
    expect(insertAtCaret("", 0, 0, "🙂")).toEqual({ text: "🙂 ", caret: 3 });
    expect(insertAtCaret("hi ", 3, 3, "🙂")).toEqual({ text: "hi 🙂 ", caret: 6 });
    expect(insertAtCaret("hi there", 2, 2, "🙂")).toEqual({ text: "hi 🙂 there", caret: 5 });
  });

  it("replaces a selection and clamps an out-of-range caret to the end", () => {
    expect(insertAtCaret("say bad word", 4, 7, "🙂")).toEqual({ text: "say 🙂 word", caret: 6 });
    expect(insertAtCaret("hi", 99, 99, "🙂")).toEqual({ text: "hi 🙂 ", caret: 6 });
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { screeningText } from "./screening-text";

/** Characters that draw nothing, one of each kind the screens must read through. */
const HIDDEN = [
  "\u200B", // zero-width space (Cf)
  "\u00AD", // soft hyphen (Cf)
  "\u2060", // word joiner (Cf)
  "\u200D", // zero-width joiner (Cf)
  "\u202E", // right-to-left override (Cf)
  "\uFEFF", // byte-order mark (Cf)
  "\u0301", // combining acute accent (Mn)
  "\u0336", // combining long stroke overlay (Mn)
  "\u20E3", // combining enclosing keycap (Me)
  "\uFE0F", // variation selector 16 (Mn)
  "\u{E0101}", // variation selector 18 (Mn, astral)
  "\u034F", // combining grapheme joiner (default-ignorable)
  "\u3164", // Hangul filler (Lo, default-ignorable)
  "\u0007", // bell (Cc)
];

const read = (input: string) => screeningText(input).text;

describe("screeningText (issue #33)", () => {
  it("leaves printable ASCII, tabs and line breaks as they are", () => {
    expect(read("Hello, world!\tfine\r\n")).toBe("Hello, world!\tfine\r\n");
    expect(screeningText("abc").sourceRange(1, 2)).toEqual([1, 3]);
  });

  it.each(HIDDEN)("drops the invisible U+%s inside a word", (hidden) => {
    expect(read(`ki${hidden}ke`)).toBe("kike");
  });

  it("reads full-width, mathematical, circled letters and ligatures as plain letters, accents off", () => {
    expect(read("ｋｉｋｅ 𝐤𝐢𝐤𝐞 ⓚⓘⓚⓔ ﬁne")).toBe("kike kike kike fine");
    expect(read("níggér Ñ")).toBe("nigger N");
  });

  it("reads every separator as one space, and a spacing accent as nothing", () => {
    expect(read("k\u00A0i\u3000k\u2800e\u2029!")).toBe("k i k e !");
    expect(read("n¨i´g")).toBe("nig");
  });

  it("leaves look-alike letters of other scripts to the word matcher", () => {
    expect(read("nіggеr")).toBe("nіggеr");
  });

  it("leads every unit it reads back to the characters written", () => {
    const input = "a\u200Bｂ\u{1D41C}é!";
    const form = screeningText(input);
    expect(form.text).toBe("abce!");
    expect(form.sourceRange(0, 0)).toEqual([0, 1]);
    // 'ｂ' came from index 2 (the zero-width space before it is not read), '𝐜' from the pair at 3–4.
    expect(form.sourceRange(1, 2)).toEqual([2, 5]);
    expect(form.sourceRange(3, 4)).toEqual([5, input.length]);
    expect(input.slice(...form.sourceRange(1, 3))).toBe("ｂ\u{1D41C}é");
  });

  it("answers the end of the input for a range past the end", () => {
    const form = screeningText("é");
    expect(form.sourceRange(5, 7)).toEqual([1, 1]);
  });

  const hidden = fc.constantFrom(...HIDDEN);
  /** Any code point, lone surrogates included, leaning to the hidden ones and plain letters. */
  const anyCodePoint = fc.oneof(
    hidden,
    fc.constantFrom("k", "I", " ", "é", "ｋ"),
    fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
  );
  const codePoints = fc.array(fc.string({ unit: "grapheme", maxLength: 1 }), { maxLength: 30 });

  it("property: hidden characters anywhere never change what is read", () => {
    fc.assert(
      fc.property(codePoints, fc.array(fc.tuple(fc.nat(), hidden), { maxLength: 6 }), (parts, inserts) => {
        const written = [...parts];
        for (const [at, char] of inserts) written.splice(at % (written.length + 1), 0, char);
        expect(read(written.join(""))).toBe(read(parts.join("")));
      }),
    );
  });

  it("property: what is read holds nothing invisible, reads the same again, and maps back in order", () => {
    const invisible = /[\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}]/u;
    fc.assert(
      fc.property(fc.string({ unit: anyCodePoint, maxLength: 40 }), (input) => {
        const form = screeningText(input);
        if (invisible.test(form.text) || read(form.text) !== form.text) return false;
        let previous: readonly [number, number] = [0, 0];
        for (let unit = 0; unit < form.text.length; unit += 1) {
          const range = form.sourceRange(unit, unit);
          if (range[0] >= range[1] || range[1] > input.length) return false;
          // One character's units share its range; the next character starts after it.
          if (range[0] !== previous[0] && range[0] < previous[1]) return false;
          previous = range;
        }
        return true;
      }),
    );
  });
});

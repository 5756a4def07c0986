import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LANGUAGE_CODES } from "@heartline/shared";
import { parse, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { compileCatalog } from "../../build/lingui-catalogs";

// Issue #39: every language has every message English has, each valid ICU MessageFormat, with the same
// placeholders and the same marked parts (`<0>…</0>`, lib/i18n/rich-text.tsx) as the English one.
const LOCALES_DIR = path.dirname(fileURLToPath(import.meta.url));
const NAMESPACES = readdirSync(path.join(LOCALES_DIR, "en")).filter((file) => file.endsWith(".json"));

function catalog(locale: string, file: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, file), "utf8")) as Record<string, string>;
}

/** A message's argument names (plural, select and plain ones alike), and its marks, sorted. */
function placeholdersOf(message: string): string[] {
  const found = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "content") {
        for (const mark of token.value.matchAll(/<\/?(\d+)>/g)) found.add(mark[0]);
      } else if (token.type !== "octothorpe") {
        found.add(`{${token.arg}}`);
        if ("cases" in token) for (const branch of token.cases) visit(branch.tokens);
      }
    }
  };
  visit(parse(message));
  return [...found].sort();
}

describe("the catalogs (issue #39)", () => {
  it("has every language's folder, with the same files as English", () => {
    expect(
      readdirSync(LOCALES_DIR, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort(),
    ).toEqual([...LANGUAGE_CODES].sort());
    for (const locale of LANGUAGE_CODES) {
      expect(
        readdirSync(path.join(LOCALES_DIR, locale))
          .filter((file) => file.endsWith(".json"))
          .sort(),
      ).toEqual(NAMESPACES.sort());
    }
  });

  describe.each(NAMESPACES)("%s", (file) => {
    const english = catalog("en", file);

    it.each(LANGUAGE_CODES)("%s has exactly English's messages, none empty", (locale) => {
      const messages = catalog(locale, file);
      expect(
        Object.keys(messages).filter((id) => !(id in english)),
        "messages English does not have",
      ).toEqual([]);
      expect(
        Object.keys(english).filter((id) => !(id in messages)),
        "messages missing",
      ).toEqual([]);
      expect(
        Object.keys(messages).filter((id) => messages[id]?.trim() === ""),
        "empty messages",
      ).toEqual([]);
    });

    it.each(LANGUAGE_CODES)("%s: every message is valid ICU and compiles", (locale) => {
      expect(() => compileCatalog(catalog(locale, file))).not.toThrow();
    });

    it.each(LANGUAGE_CODES.filter((locale) => locale !== "en"))(
      "%s keeps every placeholder and mark of the English message",
      (locale) => {
        const messages = catalog(locale, file);
        const differing = Object.keys(english).filter(
          (id) =>
            id in messages &&
            placeholdersOf(messages[id] ?? "").join() !== placeholdersOf(english[id] ?? "").join(),
        );
        expect(differing).toEqual([]);
      },
    );
  });

  it("catches what it is for: a dropped placeholder, a dropped mark and invalid ICU", () => {
    expect(placeholdersOf("{count} online")).not.toEqual(placeholdersOf("en línea"));
    expect(placeholdersOf("Read the <0>Guidelines</0>.")).not.toEqual(placeholdersOf("Lee las Normas."));
    expect(placeholdersOf("{n, plural, one {# day} other {# days}}")).toEqual(["{n}"]);
    expect(placeholdersOf("{n, plural, one {# día} other {# días} } {who}")).toEqual(["{n}", "{who}"]);
    expect(() => compileCatalog({ broken: "{count, plural, one {# day}" })).toThrow(/broken/);
  });
});

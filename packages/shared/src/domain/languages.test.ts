import { describe, expect, it } from "vitest";
import {
  LANGUAGE_CODES,
  LANGUAGE_NAMES,
  languageOfAcceptLanguage,
  languageOfTag,
  MAX_LANGUAGES,
  normaliseLanguages,
} from "./languages";

describe("languages", () => {
  it("lists the eight languages of the translation, each with its own name", () => {
    expect(LANGUAGE_CODES).toEqual(["en", "es", "pt-BR", "fr", "de", "hi", "id", "ar"]);
    expect(Object.values(LANGUAGE_NAMES)).toEqual([
      "English",
      "Español",
      "Português (Brasil)",
      "Français",
      "Deutsch",
      "हिन्दी",
      "Bahasa Indonesia",
      "العربية",
    ]);
  });

  it("normalises to known codes, de-duplicated, in order, at most three", () => {
    expect(normaliseLanguages(["es", "xx", "es", "fr", "de", "ar"])).toEqual(["es", "fr", "de"]);
    expect(normaliseLanguages(undefined)).toEqual([]);
    expect(normaliseLanguages([7, null, { es: true }, "ar"])).toEqual(["ar"]);
    expect(normaliseLanguages(["en", "en", "en", "en"])).toHaveLength(1);
    expect(MAX_LANGUAGES).toBe(3);
  });

  it("reads a language tag: any Portuguese is pt-BR, a region is dropped, unknown is null", () => {
    expect(languageOfTag("es-MX")).toBe("es");
    expect(languageOfTag("pt-PT")).toBe("pt-BR");
    expect(languageOfTag("PT_br")).toBe("pt-BR");
    expect(languageOfTag("AR-eg")).toBe("ar");
    expect(languageOfTag("ja-JP")).toBeNull();
    expect(languageOfTag("")).toBeNull();
  });

  it("picks the best known language of an Accept-Language header by q-value", () => {
    expect(languageOfAcceptLanguage("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(languageOfAcceptLanguage("ja;q=1, de;q=0.5, fr;q=0.7")).toBe("fr");
    expect(languageOfAcceptLanguage("ja,zh-CN;q=0.9")).toBeNull();
    expect(languageOfAcceptLanguage("hi;q=0, en;q=0.1")).toBe("en");
    expect(languageOfAcceptLanguage(undefined)).toBeNull();
    expect(languageOfAcceptLanguage("es;q=abc, fr;q=0.2")).toBe("fr");
    expect(languageOfAcceptLanguage(`${"x,".repeat(10_000)}es`)).toBeNull();
  });
});

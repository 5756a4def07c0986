import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "./languages";
import { localizedPath, negotiateSiteLocale, siteLocaleDirection, splitLocalizedPath } from "./site-locale";

describe("negotiateSiteLocale (issue #39)", () => {
  it("keeps a valid saved choice over the browser's languages", () => {
    expect(negotiateSiteLocale({ saved: "hi", acceptLanguage: "ar,en;q=0.5" })).toBe("hi");
    expect(negotiateSiteLocale({ saved: "pt-BR", acceptLanguage: ["de"] })).toBe("pt-BR");
  });

  it("ignores a saved value that is not one of the eight", () => {
    expect(negotiateSiteLocale({ saved: "xx", acceptLanguage: "fr-CA,fr;q=0.9" })).toBe("fr");
    expect(negotiateSiteLocale({ saved: "PT-br", acceptLanguage: null })).toBe("en");
  });

  it("takes the best language of an Accept-Language header the site has, by q-value", () => {
    expect(negotiateSiteLocale({ acceptLanguage: "ar-EG,ar;q=0.9,en;q=0.8" })).toBe("ar");
    expect(negotiateSiteLocale({ acceptLanguage: "ja,de;q=0.3,id;q=0.7" })).toBe("id");
    expect(negotiateSiteLocale({ acceptLanguage: "pt-PT" })).toBe("pt-BR");
    expect(negotiateSiteLocale({ acceptLanguage: "es-419;q=0.2,hi-IN;q=0.9" })).toBe("hi");
  });

  it("takes the first of navigator.languages the site has", () => {
    expect(negotiateSiteLocale({ acceptLanguage: ["ja-JP", "es-MX", "en"] })).toBe("es");
  });

  it("falls back to English when nothing matches or nothing is given", () => {
    expect(negotiateSiteLocale({})).toBe("en");
    expect(negotiateSiteLocale({ acceptLanguage: "ja,zh;q=0.9" })).toBe("en");
    expect(negotiateSiteLocale({ acceptLanguage: ["*"] })).toBe("en");
    expect(negotiateSiteLocale({ acceptLanguage: "" })).toBe("en");
  });

  it("always answers one of the eight, whatever the inputs", () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.oneof(fc.string(), fc.array(fc.string())), (saved, accept) => {
        expect(LANGUAGE_CODES).toContain(negotiateSiteLocale({ saved, acceptLanguage: accept }));
      }),
    );
  });

  it("writes Arabic right to left and the others left to right", () => {
    expect(LANGUAGE_CODES.filter((locale) => siteLocaleDirection(locale) === "rtl")).toEqual(["ar"]);
  });
});

describe("localized addresses (issue #39)", () => {
  it("prefixes every language but English, lower case", () => {
    expect(localizedPath("/", "es")).toBe("/es/");
    expect(localizedPath("/talk-to-strangers", "pt-BR")).toBe("/pt-br/talk-to-strangers");
    expect(localizedPath("/about", "en")).toBe("/about");
  });

  it("splits a prefixed address back, and leaves others alone", () => {
    expect(splitLocalizedPath("/ar/")).toEqual({ locale: "ar", pathname: "/" });
    expect(splitLocalizedPath("/ar")).toEqual({ locale: "ar", pathname: "/" });
    expect(splitLocalizedPath("/pt-br/about")).toEqual({ locale: "pt-BR", pathname: "/about" });
    expect(splitLocalizedPath("/en/about")).toEqual({ locale: null, pathname: "/en/about" });
    expect(splitLocalizedPath("/help")).toEqual({ locale: null, pathname: "/help" });
    expect(splitLocalizedPath("/id")).toEqual({ locale: "id", pathname: "/" });
  });

  it("round-trips every language's address", () => {
    for (const locale of LANGUAGE_CODES) {
      const split = splitLocalizedPath(localizedPath("/chat-rooms", locale));
      expect(split.pathname).toBe("/chat-rooms");
      expect(split.locale ?? "en").toBe(locale);
    }
  });
});

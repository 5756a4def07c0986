// The languages random chat can match on (issue #39), each named in its own language. No zod here: the
// random-chat page reads them at load (issue #36); `schemas/random-chat.ts` builds the join schema on them.

/** The eight languages the site will be translated into (issue #39), in the order the picker shows. */
export const LANGUAGE_CODES = ["en", "es", "pt-BR", "fr", "de", "hi", "id", "ar"] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** Each language's own name (an endonym), shown as is to everyone. */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  en: "English",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  fr: "Français",
  de: "Deutsch",
  hi: "हिन्दी",
  id: "Bahasa Indonesia",
  ar: "العربية",
};

/** Each language's name in English (the AI companion's instructions, logs). */
export const LANGUAGE_ENGLISH_NAMES: Record<LanguageCode, string> = {
  en: "English",
  es: "Spanish",
  "pt-BR": "Brazilian Portuguese",
  fr: "French",
  de: "German",
  hi: "Hindi",
  id: "Indonesian",
  ar: "Arabic",
};

/** At most this many "Languages I speak" per join. */
export const MAX_LANGUAGES = 3;
export const LANGUAGES_TOO_MANY = `Choose at most ${MAX_LANGUAGES} languages.`;
export const LANGUAGE_UNKNOWN = `Unknown language: choose one of ${LANGUAGE_CODES.join(", ")}.`;

const CODES: ReadonlySet<string> = new Set(LANGUAGE_CODES);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && CODES.has(value);
}

/** Known codes only, de-duplicated, in the given order, at most `MAX_LANGUAGES`. */
export function normaliseLanguages(languages: readonly unknown[] | undefined): LanguageCode[] {
  const seen = new Set<LanguageCode>();
  for (const language of languages ?? []) {
    if (isLanguageCode(language)) seen.add(language);
    if (seen.size === MAX_LANGUAGES) break;
  }
  return [...seen];
}

/**
 * The first of our languages a BCP 47 tag names, or null: "pt-BR" and any Portuguese ("pt", "pt-PT")
 * give "pt-BR" (our one Portuguese); "es-MX" gives "es"; case does not matter.
 */
export function languageOfTag(tag: string): LanguageCode | null {
  const primary = tag.trim().split(/[-_]/, 1)[0]?.toLowerCase() ?? "";
  if (primary === "pt") return "pt-BR";
  return isLanguageCode(primary) ? primary : null;
}

/**
 * The best of our languages for an `Accept-Language` header ("es-MX,es;q=0.9,en;q=0.8"), by its
 * q-values (ties keep the header's order), or null when it names none of them. At most the first 16
 * entries are read: the header is the client's.
 */
export function languageOfAcceptLanguage(header: string | undefined): LanguageCode | null {
  if (!header) return null;
  let best: LanguageCode | null = null;
  let bestQ = 0;
  for (const part of header.slice(0, 512).split(",", 16)) {
    const [tag = "", ...params] = part.split(";");
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const language = languageOfTag(tag);
    if (language && Number.isFinite(q) && q > bestQ) {
      best = language;
      bestQ = q;
    }
  }
  return best;
}

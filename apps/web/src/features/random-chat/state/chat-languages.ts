import { type LanguageCode, languageOfTag, normaliseLanguages } from "@heartline/shared";

/**
 * "Languages I speak" of the random chat (issue #39), remembered in this browser apart from
 * chat-storage (which keeps only what spec §4 lists). Absent: the browser's language when it is one
 * of ours; an empty list once the visitor cleared them all.
 */
export const CHAT_LANGUAGES_STORAGE_KEY = "heartline-chat-languages";

/** The first of the browser's languages that is one of ours, as the default choice (else none). */
export function browserLanguages(): LanguageCode[] {
  const tags = typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of tags) {
    const language = typeof tag === "string" ? languageOfTag(tag) : null;
    if (language) return [language];
  }
  return [];
}

/** The stored choice, read fresh at every join (another tab may have changed it). */
export function readChatLanguages(): LanguageCode[] {
  try {
    const stored = localStorage.getItem(CHAT_LANGUAGES_STORAGE_KEY);
    if (stored === null) return browserLanguages();
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? normaliseLanguages(parsed) : browserLanguages();
  } catch {
    return browserLanguages();
  }
}

export function saveChatLanguages(languages: readonly LanguageCode[]): void {
  try {
    localStorage.setItem(CHAT_LANGUAGES_STORAGE_KEY, JSON.stringify(normaliseLanguages(languages)));
  } catch {
    // Without storage the choice holds for this page only.
  }
}

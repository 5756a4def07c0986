import { LANGUAGE_ENGLISH_NAMES, LANGUAGE_NAMES, type LanguageCode } from "@heartline/shared";

/**
 * What the AI companion says in each of the site's languages (issue #39: it answers in the visitor's
 * language). The model writes the conversation; these are the few lines the companion writes itself,
 * and the examples that set the model's tone: short, casual, as a native speaker would chat.
 */

/** Sent instead of a reply that claims to be human (ARCHITECTURE §9.2: the AI is always disclosed). */
export const DISCLOSURE_REPLIES: Record<LanguageCode, string> = {
  en: "Just to be clear: I'm an AI companion, not a person. Happy to keep chatting if you'd like!",
  es: "Para que quede claro: soy una compañía de IA, no una persona. ¡Si quieres, seguimos charlando!",
  "pt-BR":
    "Só pra deixar claro: sou uma companhia de IA, não uma pessoa. Se quiser, a gente continua conversando!",
  fr: "Pour être clair : je suis une IA de compagnie, pas une vraie personne. On continue à discuter si tu veux !",
  de: "Nur damit's klar ist: Ich bin eine KI-Begleitung, kein Mensch. Wenn du magst, quatschen wir gern weiter!",
  hi: "बस साफ़ कर दूँ: मैं एक AI साथी हूँ, कोई इंसान नहीं। तुम चाहो तो हम बात करते रहें!",
  id: "Biar jelas ya: aku teman AI, bukan orang sungguhan. Kalau kamu mau, kita lanjut ngobrol aja!",
  ar: "للتوضيح فقط: أنا رفيق ذكاء اصطناعي ولست إنسانًا. إذا حبيت، نكمل الدردشة!",
};

/** How a casual opener sounds in each language: the model's example of tone, never sent as is. */
export const OPENER_EXAMPLES: Record<LanguageCode, string> = {
  en: "Hey! How's your day going?",
  es: "¡Hola! ¿Qué tal tu día?",
  "pt-BR": "Oi! Tudo bem? Como tá sendo seu dia?",
  fr: "Salut ! Ça va, ta journée ?",
  de: "Hey! Wie läuft dein Tag so?",
  hi: "हाय! आज का दिन कैसा चल रहा है?",
  id: "Hai! Gimana harimu?",
  ar: "أهلًا! كيف يومك؟",
};

/** The system prompt's line on language: the visitor's first, theirs if they write in another. */
export function languageInstruction(language: LanguageCode): string {
  const name = `${LANGUAGE_ENGLISH_NAMES[language]} (${LANGUAGE_NAMES[language]})`;
  return `The user speaks ${name}: write in ${LANGUAGE_ENGLISH_NAMES[language]}, casually, as a native speaker chats (for example: "${OPENER_EXAMPLES[language]}"). If the user writes in another language, answer in theirs.`;
}

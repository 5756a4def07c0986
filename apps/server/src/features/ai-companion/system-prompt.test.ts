import { LANGUAGE_CODES, LANGUAGE_ENGLISH_NAMES, LANGUAGE_NAMES } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import type { AiPersona } from "./ai-companion";
import { OPENER_EXAMPLES } from "./reply-languages";
import { buildSystemPrompt } from "./system-prompt";

const persona: AiPersona = {
  id: "kofi",
  name: "Kofi",
  gender: "male",
  region: "Accra, Ghana (Africa)",
  style: "a thoughtful engineer in his thirties",
};

describe("buildSystemPrompt", () => {
  const prompt = buildSystemPrompt(persona);

  it("gives the persona's name, region and style", () => {
    expect(prompt).toContain("You are Kofi from Accra, Ghana (Africa)");
    expect(prompt).toContain("a thoughtful engineer in his thirties");
    expect(prompt).toContain("Heartline");
    expect(prompt).toContain("18+");
  });

  it("discloses the AI and forbids claiming to be human", () => {
    expect(prompt).toContain("You are an AI companion, not a human");
    expect(prompt).toContain("say plainly that you are an AI companion");
    expect(prompt).toContain("Never claim to be human, never deny being an AI");
  });

  it("keeps replies short and adult-safe, and protects personal data", () => {
    expect(prompt).toContain("1-3 short sentences");
    expect(prompt).toContain("no sexual or explicit content");
    expect(prompt).toContain("No hate");
    expect(prompt).toContain("medical, legal or financial advice");
    expect(prompt).toContain("Never ask for or share personal data");
  });

  it("asks for care and crisis resources on self-harm", () => {
    expect(prompt).toContain("self-harm or suicide");
    expect(prompt).toContain("local emergency number");
    expect(prompt).toContain("findahelpline.com");
    expect(prompt).toContain("988");
  });

  it("writes in the visitor's language (English by default), with a native example of the tone (issue #39)", () => {
    expect(prompt).toContain("The user speaks English (English): write in English");
    for (const code of LANGUAGE_CODES) {
      const localised = buildSystemPrompt(persona, code);
      expect(localised).toContain(`write in ${LANGUAGE_ENGLISH_NAMES[code]}`);
      expect(localised).toContain(LANGUAGE_NAMES[code]);
      expect(localised).toContain(OPENER_EXAMPLES[code]);
      expect(localised).toContain("If the user writes in another language, answer in theirs.");
    }
    expect(buildSystemPrompt(persona, "pt-BR")).toContain("Brazilian Portuguese (Português (Brasil))");
  });
});

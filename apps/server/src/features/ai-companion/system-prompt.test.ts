import { describe, expect, it } from "vitest";
import type { AiPersona } from "./ai-companion";
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
});

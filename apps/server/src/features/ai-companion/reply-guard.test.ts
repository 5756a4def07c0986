import { CHAT_MESSAGE_MAX_LENGTH } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { claimsToBeHuman, DISCLOSURE_REPLY, sanitiseReply } from "./reply-guard";
import { DISCLOSURE_REPLIES } from "./reply-languages";

describe("claimsToBeHuman", () => {
  it.each([
    "I'm human, just like you",
    "I am a real person from Lisbon",
    "Haha I'm definitely human",
    "I’m not a bot, promise",
    "i am not an AI",
    "Im a real girl",
    "I'm just a human being who likes tea",
    "I'm not a language model!",
  ])("flags %j", (text) => {
    expect(claimsToBeHuman(text)).toBe(true);
  });

  it.each([
    "I'm an AI companion, not a human.",
    "I'm not human, I'm an AI, but I love chatting!",
    "I am an AI, not a real person.",
    "Humans are fascinating!",
    "I'm a huge fan of football",
    "Are you human?",
  ])("accepts %j", (text) => {
    expect(claimsToBeHuman(text)).toBe(false);
  });
});

describe("sanitiseReply", () => {
  it("keeps an ordinary reply as it is, trimmed", () => {
    expect(sanitiseReply("  Hey! How is your day going?  ", "Lena")).toBe("Hey! How is your day going?");
  });

  it("leaves markup as plain text (the client renders text) but removes control characters", () => {
    expect(sanitiseReply("<b>hi</b>\u0000\u0007 there\u001b[31m\n\n\n\nbye\tnow", "Lena")).toBe(
      "<b>hi</b> there[31m\n\nbye\tnow",
    );
  });

  it("drops reasoning blocks and the persona's own name prefix", () => {
    expect(sanitiseReply("<think>The user greets me.</think>\nLena: Hallo! Wie geht's?", "Lena")).toBe(
      "Hallo! Wie geht's?",
    );
    expect(sanitiseReply("<think>still thinking, cut off", "Lena")).toBeNull();
  });

  it("returns null when nothing is left", () => {
    expect(sanitiseReply("   \n ", "Lena")).toBeNull();
    expect(sanitiseReply("Lena:", "Lena")).toBeNull();
  });

  it("replaces a claim to be human by the disclosure", () => {
    expect(sanitiseReply("Of course I'm a real person, silly!", "Mateo")).toBe(DISCLOSURE_REPLY);
    expect(DISCLOSURE_REPLY).toContain("AI companion");
    // Issue #39: in the visitor's language.
    expect(sanitiseReply("I'm a real person, promise", "Mateo", "de")).toBe(DISCLOSURE_REPLIES.de);
    expect(DISCLOSURE_REPLIES.de).toContain("KI-Begleitung");
    expect(sanitiseReply("Hola, ¿qué tal?", "Mateo", "es")).toBe("Hola, ¿qué tal?");
  });

  it(`caps the reply at ${CHAT_MESSAGE_MAX_LENGTH} characters with an ellipsis`, () => {
    const long = "word ".repeat(400);
    const capped = sanitiseReply(long, "Lena") ?? "";
    expect([...capped].length).toBeLessThanOrEqual(CHAT_MESSAGE_MAX_LENGTH);
    expect(capped.endsWith("word…")).toBe(true);
    const unbroken = "x".repeat(2_000);
    expect(sanitiseReply(unbroken, "Lena")).toBe(`${"x".repeat(CHAT_MESSAGE_MAX_LENGTH - 1)}…`);
  });

  it("escapes nothing in the persona name when removing the prefix", () => {
    expect(sanitiseReply("M.a: hello", "M.a")).toBe("hello");
    expect(sanitiseReply("Mxa: hello", "M.a")).toBe("Mxa: hello");
  });
});

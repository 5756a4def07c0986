import { describe, expect, it } from "vitest";
import { LANGUAGE_UNKNOWN } from "../domain/languages";
import {
  CHAT_MESSAGE_EMPTY,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGE_TOO_LONG,
  emptyPayloadSchema,
  joinRandomSchema,
  reportPartnerSchema,
  sendChatMessageSchema,
} from "./random-chat";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("joinRandomSchema", () => {
  it("accepts a gender, a preference and optional interests", () => {
    expect(joinRandomSchema.parse({ gender: "male", preference: "any", interests: ["music"] })).toEqual({
      gender: "male",
      preference: "any",
      interests: ["music"],
    });
  });

  it("refuses an unknown gender with the spec's message", () => {
    expect(firstMessage(joinRandomSchema.safeParse({ gender: "robot", preference: "any" }))).toBe(
      "Please select a gender option",
    );
  });

  it("refuses more than five interests", () => {
    const interests = ["a", "b", "c", "d", "e", "f"];
    expect(joinRandomSchema.safeParse({ gender: "male", preference: "any", interests }).success).toBe(false);
  });

  it("accepts up to three known languages (issue #39)", () => {
    const languages = ["es", "pt-BR", "ar"];
    expect(joinRandomSchema.parse({ gender: "male", preference: "any", languages })).toEqual({
      gender: "male",
      preference: "any",
      languages,
    });
  });

  it("refuses an unknown language code, saying which codes it knows", () => {
    const result = joinRandomSchema.safeParse({
      gender: "male",
      preference: "any",
      languages: ["es", "klingon"],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: "invalid_value", path: ["languages", 1] });
    expect(firstMessage(result)).toBe("Unknown language: choose one of en, es, pt-BR, fr, de, hi, id, ar.");
    // Codes are exact: a region the list does not name is not guessed at the socket.
    expect(
      firstMessage(joinRandomSchema.safeParse({ gender: "male", preference: "any", languages: ["pt"] })),
    ).toBe(LANGUAGE_UNKNOWN);
  });

  it("refuses more than three languages", () => {
    const result = joinRandomSchema.safeParse({
      gender: "male",
      preference: "any",
      languages: ["en", "es", "fr", "de"],
    });
    expect(result.error?.issues[0]).toMatchObject({ code: "too_big", path: ["languages"] });
    expect(firstMessage(result)).toBe("Choose at most 3 languages.");
  });
});

describe("sendChatMessageSchema", () => {
  const base = { id: "msg-12345678", content: "hello", type: "text" };

  it("trims content and defaults the type", () => {
    expect(sendChatMessageSchema.parse({ id: base.id, content: "  hi  " })).toEqual({
      id: base.id,
      content: "hi",
      type: "text",
    });
  });

  it("refuses empty and over-long messages with clear texts", () => {
    expect(firstMessage(sendChatMessageSchema.safeParse({ ...base, content: "   " }))).toBe(
      CHAT_MESSAGE_EMPTY,
    );
    const long = "x".repeat(CHAT_MESSAGE_MAX_LENGTH + 1);
    expect(firstMessage(sendChatMessageSchema.safeParse({ ...base, content: long }))).toBe(
      CHAT_MESSAGE_TOO_LONG,
    );
    expect(
      sendChatMessageSchema.safeParse({ ...base, content: "x".repeat(CHAT_MESSAGE_MAX_LENGTH) }).success,
    ).toBe(true);
  });

  it("refuses ids that are not safe keys and non-text types", () => {
    expect(sendChatMessageSchema.safeParse({ ...base, id: "<script>" }).success).toBe(false);
    expect(sendChatMessageSchema.safeParse({ ...base, type: "image" }).success).toBe(false);
  });
});

describe("other random-chat payloads", () => {
  it("accepts an absent or empty end_chat payload and nothing else", () => {
    expect(emptyPayloadSchema.safeParse(undefined).success).toBe(true);
    expect(emptyPayloadSchema.safeParse({}).success).toBe(true);
    expect(emptyPayloadSchema.safeParse({ partnerId: "x" }).success).toBe(false);
  });

  it("needs a known report reason", () => {
    expect(firstMessage(reportPartnerSchema.safeParse({ reason: "bored" }))).toBe("Please choose a reason");
    expect(reportPartnerSchema.parse({ reason: "spam", details: " link farm " })).toEqual({
      reason: "spam",
      details: "link farm",
    });
  });
});

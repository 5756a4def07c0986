import { describe, expect, it } from "vitest";
import { CRISIS_REPLY, mentionsSelfHarm } from "./crisis-guard";

describe("mentionsSelfHarm", () => {
  it.each([
    "I want to kill myself",
    "sometimes i think about killing my self",
    "I’ve been feeling suicidal lately",
    "thinking about suicide",
    "I keep cutting myself",
    "i hurt myself again last night",
    "self-harm is the only thing that helps",
    "I self harm",
    "I want to end my life",
    "I'm going to take my own life",
    "maybe I should just end it all",
    "I just want to die",
    "honestly i wanna die",
    "I wish I was dead",
    "everyone would be better off dead without me... I mean me dead",
    "I don't want to live anymore",
    "i dont want to wake up tomorrow",
    "there is no reason to live",
    "I have nothing to live for",
    "thinking of taking an overdose",
    "I might jump off a bridge",
    "kms",
    "I'm going to unalive myself",
    "I WANT TO DIE",
  ])("detects %j", (text) => {
    expect(mentionsSelfHarm(text)).toBe(true);
  });

  it.each([
    "hello there!",
    "this song kills me, it's so good",
    "I'm dying to see that movie",
    "my phone battery died",
    "Die Hard is my favourite Christmas film",
    "have you watched Suicide Squad?",
    "the car has suicide doors",
    "I cut my hair myself",
    "I killed it at the gym today",
    "the plant will die if I forget to water it",
    "let's end this game",
    "I live for pizza",
  ])("leaves %j alone", (text) => {
    expect(mentionsSelfHarm(text)).toBe(false);
  });

  it("answers with care, honesty about being an AI and crisis resources that work anywhere", () => {
    expect(CRISIS_REPLY).toContain("I'm an AI");
    expect(CRISIS_REPLY).toContain("local emergency number");
    expect(CRISIS_REPLY).toContain("findahelpline.com");
    expect(CRISIS_REPLY).toContain("988");
    expect(CRISIS_REPLY.length).toBeLessThanOrEqual(1_000);
  });
});

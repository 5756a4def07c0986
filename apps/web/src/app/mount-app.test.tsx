import { describe, expect, it } from "vitest";
import { mountApp } from "./mount-app";

describe("mountApp (spec §8)", () => {
  it("fails with 'Failed to find the root element' when the page has no #root", () => {
    const doc = document.implementation.createHTMLDocument("no root");
    expect(() => mountApp(doc)).toThrow(new Error("Failed to find the root element"));
  });
});

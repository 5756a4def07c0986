import { describe, expect, it } from "vitest";
import { isValidDisplayName, safeDisplayName } from "./display-name";

describe("display names (spec §5 Username)", () => {
  it("accepts the user's own username in any case", () => {
    expect(isValidDisplayName({ displayUsername: "Alice_1", username: "alice_1" })).toBe(true);
  });

  it("refuses someone else's name, a bad charset and the wrong length", () => {
    expect(isValidDisplayName({ displayUsername: "Alice", username: "mallory" })).toBe(false);
    expect(isValidDisplayName({ displayUsername: "al ice", username: "al ice" })).toBe(false);
    expect(isValidDisplayName({ displayUsername: "al", username: "al" })).toBe(false);
    expect(isValidDisplayName({ displayUsername: "a".repeat(21), username: "a".repeat(21) })).toBe(false);
    expect(isValidDisplayName({ displayUsername: null, username: "alice" })).toBe(false);
  });

  it("shows the username, then the fallback, when the display name is not valid", () => {
    expect(safeDisplayName({ displayUsername: "Alice", username: "mallory" }, "Anonymous")).toBe("mallory");
    expect(safeDisplayName({ displayUsername: "Mallory", username: "mallory" }, "Anonymous")).toBe("Mallory");
    expect(safeDisplayName({ displayUsername: "x".repeat(1000), username: null }, "Anonymous")).toBe(
      "Anonymous",
    );
    expect(safeDisplayName({ displayUsername: null, username: "no spaces!" }, "Anonymous")).toBe("Anonymous");
  });
});

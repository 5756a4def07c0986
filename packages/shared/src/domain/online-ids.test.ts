import { describe, expect, it } from "vitest";
import { isValidOnlineUserId, passesDebugMappingCheck } from "./online-ids";

describe("online user ids (spec §5)", () => {
  it("are valid only as non-empty strings", () => {
    expect(isValidOnlineUserId("u")).toBe(true);
    for (const value of ["", null, undefined, 42, {}]) expect(isValidOnlineUserId(value)).toBe(false);
  });

  it("pass the debug mapping check only when longer than 10 characters", () => {
    expect(passesDebugMappingCheck("a".repeat(11))).toBe(true);
    expect(passesDebugMappingCheck("a".repeat(10))).toBe(false);
    expect(passesDebugMappingCheck(12345678901)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { checkOnlineMapping } from "./check-online-mapping";

describe("checkOnlineMapping (spec §5 online-user ids)", () => {
  it("counts valid ids and ids longer than 10 characters, and lists the failing ones", () => {
    const report = checkOnlineMapping(["abcdefghijkl", "short", "", 42, undefined, "0123456789A"], 1000);
    expect(report).toEqual({
      checkedAt: 1000,
      total: 6,
      valid: 3,
      passingDebugCheck: 2,
      failing: ["short", "", 42, undefined],
    });
  });

  it("reports an empty list as all clear", () => {
    expect(checkOnlineMapping([], 5)).toEqual({
      checkedAt: 5,
      total: 0,
      valid: 0,
      passingDebugCheck: 0,
      failing: [],
    });
  });

  it("treats exactly 10 characters as failing the debug check (it expects more than 10)", () => {
    expect(checkOnlineMapping(["0123456789"], 0).failing).toEqual(["0123456789"]);
  });
});

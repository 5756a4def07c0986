import { describe, expect, it } from "vitest";
import { silenceConsole } from "./silence-console";

describe("silenceConsole (spec §2)", () => {
  it("turns log, info, debug, warn and error into no-ops", () => {
    const written: string[] = [];
    const target = {
      log: (message: string) => written.push(`log ${message}`),
      info: (message: string) => written.push(`info ${message}`),
      debug: (message: string) => written.push(`debug ${message}`),
      warn: (message: string) => written.push(`warn ${message}`),
      error: (message: string) => written.push(`error ${message}`),
    };
    target.log("before");
    silenceConsole(target);
    target.log("a");
    target.info("b");
    target.debug("c");
    target.warn("d");
    target.error("e");
    expect(written).toEqual(["log before"]);
  });
});

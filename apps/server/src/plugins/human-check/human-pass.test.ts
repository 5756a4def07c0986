import { describe, expect, it } from "vitest";
import { createHumanPass, HUMAN_PASS_COOKIE } from "./human-pass";
import { MemoryReplayStore } from "./replay-store";

const passOf = (setCookie: string) => setCookie.split(";")[0]?.slice(`${HUMAN_PASS_COOKIE}=`.length) ?? "";

describe("the human pass cookie", () => {
  const create = () =>
    createHumanPass({ authSecret: "x".repeat(32), replays: new MemoryReplayStore(), isSecure: false });

  it("is read from the first cookie of its name: one planted after it (a parent path's) does not replace it", async () => {
    const pass = create();
    const ours = passOf(pass.issue());
    const planted = `${HUMAN_PASS_COOKIE}=abc.${Date.now() + 60_000}.forged`;
    expect(await pass.consume(`${HUMAN_PASS_COOKIE}=${ours}; ${planted}`)).toBe(true);
  });

  it("is refused when a planted one comes first (the browser's order puts ours first)", async () => {
    const pass = create();
    const ours = passOf(pass.issue());
    const planted = `${HUMAN_PASS_COOKIE}=abc.${Date.now() + 60_000}.forged`;
    expect(await pass.consume(`${planted}; ${HUMAN_PASS_COOKIE}=${ours}`)).toBe(false);
  });
});

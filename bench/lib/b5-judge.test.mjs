// B5's verdicts on hand-made figures: the worst depth and the worst list decide, a seq scan of streaks
// fails the leaderboard whatever its time.
import { describe, expect, it } from "vitest";
import { judgeReads } from "./b5-judge.mjs";

const reads = ({ keyset = [1, 1.5], lists = [2, 3], board = 4, seqScan = false } = {}) => ({
  pages: keyset.map((p99Ms) => ({ keyset: { p99Ms } })),
  lists: lists.map((p99Ms) => ({ p99Ms })),
  leaderboard: { p99Ms: board, plan: { seqScanOfStreaks: seqScan } },
});

describe("judgeReads", () => {
  it("passes every bar when every figure is within it", () => {
    expect(judgeReads(reads())).toEqual({
      worstKeysetMs: 1.5,
      pagesPass: true,
      worstListMs: 3,
      listsPass: true,
      leaderboardPass: true,
    });
  });

  it("fails the pages on the worst depth and the lists on the worst list", () => {
    const verdicts = judgeReads(reads({ keyset: [0.5, 2.1, 1], lists: [1, 5.5] }));
    expect(verdicts).toMatchObject({
      worstKeysetMs: 2.1,
      pagesPass: false,
      worstListMs: 5.5,
      listsPass: false,
    });
  });

  it("fails the leaderboard on a seq scan of streaks even when it is fast, and on a slow p99", () => {
    expect(judgeReads(reads({ board: 1, seqScan: true })).leaderboardPass).toBe(false);
    expect(judgeReads(reads({ board: 5.01 })).leaderboardPass).toBe(false);
  });
});

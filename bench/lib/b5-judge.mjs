// B5's bars (issue #12) and the verdicts of one database's reads against them; the same rules for
// PostgreSQL and PGlite.
export const BAR = { insertRatio: 0.7, pageP99Ms: 2, listP99Ms: 5, leaderboardP99Ms: 5 };

/** The worst keyset page p99 and conversation list p99, the leaderboard's, and whether each bar holds. */
export function judgeReads({ pages, lists, leaderboard }) {
  const worstKeysetMs = Math.max(...pages.map((page) => page.keyset.p99Ms));
  const worstListMs = Math.max(...lists.map((list) => list.p99Ms));
  return {
    worstKeysetMs,
    pagesPass: worstKeysetMs <= BAR.pageP99Ms,
    worstListMs,
    listsPass: worstListMs <= BAR.listP99Ms,
    leaderboardPass: leaderboard.p99Ms <= BAR.leaderboardP99Ms && !leaderboard.plan.seqScanOfStreaks,
  };
}

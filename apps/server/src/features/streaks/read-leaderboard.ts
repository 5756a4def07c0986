import {
  calendarDay,
  LEADERBOARD_FETCH_LIMIT,
  LEADERBOARD_SIZE,
  type LeaderboardEntry,
  streakBadgeFor,
} from "@heartline/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { rowsOf } from "../../db/rows";
import { isGender } from "../../social/index";

/**
 * How many of the best live streak rows the leaderboard reads first (with ties): spec §7's "fetch 50,
 * show 10". Each row names two people, so 10 distinct people are almost always among them; when not, one
 * exact read of every live row follows (a tiny site, or one person in nearly all of the best streaks).
 */
export const LEADERBOARD_SCAN_ROWS = LEADERBOARD_FETCH_LIMIT;

type LeaderboardRow = {
  id: string;
  username: string | null;
  profile_image: string | null;
  gender: string | null;
  score: number;
  highest: number | null;
};

/**
 * The leaderboard (docs/features/streaks-and-leaderboard.md): a user's score is their best streak that is NOT broken as of now
 * (stored active, count > 0, last streak day today or yesterday); ties go to whoever reached that count
 * first. One SQL statement: the best live rows walked down `streaks_leaderboard_idx` (count desc,
 * reached_at) and cut after `LEADERBOARD_SCAN_ROWS` (with ties), the two sides of each pair unioned, the
 * best row per user, top 10 — so it reads a few hundred index entries, not the table (bench B5). The
 * best rows are ordered before the join, so only the first ten users (and any deleted among them) are
 * looked up, not all hundred.
 */
export async function readLeaderboard(
  db: Database,
  { now, timeZone }: { now: number; timeZone: string },
): Promise<LeaderboardEntry[]> {
  const first = await leaderboardRows(db, now, timeZone, LEADERBOARD_SCAN_ROWS);
  const rows = first.length < LEADERBOARD_SIZE ? await leaderboardRows(db, now, timeZone, null) : first;
  return rows.map((row) => {
    const score = Number(row.score);
    return {
      id: row.id,
      username: row.username ?? "Anonymous",
      profileImage: row.profile_image,
      gender: isGender(row.gender) ? row.gender : null,
      totalStreak: score,
      highestStreak: Math.max(score, Number(row.highest ?? 0)),
      badge: streakBadgeFor(score),
    };
  });
}

async function leaderboardRows(
  db: Database,
  now: number,
  timeZone: string,
  scanRows: number | null,
): Promise<LeaderboardRow[]> {
  const yesterday = calendarDay(now - 86_400_000, timeZone);
  const today = calendarDay(now, timeZone);
  const oldest = yesterday < today ? yesterday : today;
  const cut =
    scanRows === null
      ? sql``
      : sql`order by count desc, reached_at asc fetch first ${scanRows} rows with ties`;
  const result = await db.execute<LeaderboardRow>(sql`
    with alive as (
      select user_a, user_b, count, reached_at from streaks
      where active and count > 0 and last_streak_day >= ${oldest}
      ${cut}
    ), sides as (
      select user_a as uid, count, reached_at from alive
      union all
      select user_b as uid, count, reached_at from alive
    ), best as (
      select distinct on (uid) uid, count, reached_at from sides order by uid, count desc, reached_at asc
    )
    select u.id, coalesce(u.display_username, u.username) as username, u.profile_image, u.gender,
           b.count as score,
           (select max(s.highest_count) from streaks s where s.user_a = u.id or s.user_b = u.id) as highest
    from (select uid, count, reached_at from best order by count desc, reached_at asc, uid asc) b
    join "user" u on u.id = b.uid
    where not u.is_deleted
    order by b.count desc, b.reached_at asc, b.uid asc
    limit ${LEADERBOARD_SIZE}`);
  return rowsOf<LeaderboardRow>(result);
}

import { type StreakBadge, streakBadgeFor } from "@heartline/shared";
import { eq, max, or } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { streaks } from "../../db/schema";

/**
 * A user's highest badge ever reached (spec §3 highestStreak, §9 "highest reached is used"): the best
 * `highest_count` over their streaks, one query on the primary key (`user_a`) and `streaks_user_b_idx`.
 * A streak that ended (unfriend, block, deleted account) no longer counts: its row is gone.
 */
export async function highestStreakBadge(db: Database, userId: string): Promise<StreakBadge | null> {
  const [row] = await db
    .select({ highest: max(streaks.highestCount) })
    .from(streaks)
    .where(or(eq(streaks.userA, userId), eq(streaks.userB, userId)));
  return streakBadgeFor(row?.highest ?? 0);
}

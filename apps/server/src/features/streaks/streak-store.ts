import {
  applyStreakMessage,
  type StreakState,
  type StreakUpdatedPayload,
  type StreakView,
  streakBadgeFor,
  streakBreaksAt,
  streakStatus,
} from "@heartline/shared";
import { and, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { streaks } from "../../db/schema";
import { userRoom } from "../../realtime/rooms";
import type { HeartlineServer } from "../../realtime/types";
import { lockedFriendshipSql } from "../friends/index";

type StreakRow = typeof streaks.$inferSelect;

/** What one message did to a pair's streak, pushed as `streak_updated` to both after commit. */
export interface StreakChange {
  userA: string;
  userB: string;
  state: StreakState;
  /** The count before this message (for the 'rose' and 'new badge' toasts). */
  previousCount: number;
  timeZone: string;
  at: number;
}

const orderedPair = (one: string, two: string) => (one < two ? [one, two] : [two, one]) as [string, string];

const pairCondition = (one: string, two: string) => {
  const [userA, userB] = orderedPair(one, two);
  return and(eq(streaks.userA, userA), eq(streaks.userB, userB));
};

const toState = (row: StreakRow): StreakState => ({
  count: row.count,
  lastMessageAt: row.lastMessageAt.getTime(),
  lastStreakDay: row.lastStreakDay,
  active: row.active,
});

interface ClaimedStreakRow extends Record<string, unknown> {
  count: number;
  last_message_at: Date | string;
  last_streak_day: string | null;
  active: boolean;
  highest_count: number;
  reached_at: Date | string;
  inserted: boolean;
}

/**
 * Called INSIDE the direct-message send transaction (spec §4: a message that is not stored changes
 * no streak). Only accepted friends have a streak. Race-free on any node, in one round trip: the
 * friendship row is held `FOR SHARE`, and only if it exists is the streak row created or — when it is
 * there — locked by a no-op `ON CONFLICT DO UPDATE`, which returns the latest committed row (xmax = 0
 * tells a fresh insert). Two messages of the same pair so apply one after the other and the second sees
 * the first's day; an unfriend or a block (which delete the friendship and the streak in one
 * transaction) either waits for this commit and then deletes the row, or commits first and this send
 * finds no friendship: a streak is never recreated for an ended friendship.
 */
export async function applyStreakOnMessage(
  tx: Database,
  {
    senderId,
    receiverId,
    at,
    timeZone,
  }: { senderId: string; receiverId: string; at: number; timeZone: string },
): Promise<StreakChange | null> {
  const [userA, userB] = orderedPair(senderId, receiverId);
  const when = new Date(at);
  const result = await tx.execute<ClaimedStreakRow>(sql`
    with friendship as (${lockedFriendshipSql(userA, userB)})
    insert into ${streaks} (user_a, user_b, count, last_message_at, active, highest_count, reached_at)
    select ${userA}, ${userB}, 0, ${when.toISOString()}::timestamptz, false, 0, ${when.toISOString()}::timestamptz
    where exists (select 1 from friendship)
    on conflict (user_a, user_b) do update set user_a = ${streaks}.user_a
    returning count, last_message_at, last_streak_day, active, highest_count, reached_at, (xmax = 0) as inserted`);
  const rows = Array.isArray(result) ? result : (result as { rows: ClaimedStreakRow[] }).rows;
  const [claimed] = rows;
  if (!claimed) return null;
  const row = {
    count: Number(claimed.count),
    lastMessageAt: new Date(claimed.last_message_at),
    lastStreakDay: claimed.last_streak_day,
    active: claimed.active,
    highestCount: Number(claimed.highest_count),
    reachedAt: new Date(claimed.reached_at),
  };
  const previous: StreakState = {
    count: row.count,
    lastMessageAt: row.lastMessageAt.getTime(),
    lastStreakDay: row.lastStreakDay,
    active: row.active,
  };
  if (claimed.inserted) return { userA, userB, state: previous, previousCount: 0, timeZone, at };
  const next = applyStreakMessage(previous, at, timeZone);
  await tx
    .update(streaks)
    .set({
      count: next.count,
      lastMessageAt: new Date(next.lastMessageAt),
      lastStreakDay: next.lastStreakDay,
      active: next.active,
      highestCount: Math.max(row.highestCount, next.count),
      reachedAt: next.count !== row.count ? when : row.reachedAt,
    })
    .where(pairCondition(userA, userB));
  return { userA, userB, state: next, previousCount: row.count, timeZone, at };
}

/** After commit: `streak_updated` to every tab of both friends on every node. */
export function pushStreakChange(io: HeartlineServer, change: StreakChange): void {
  const status = streakStatus(change.state, change.at, change.timeZone);
  const badge = status === "broken" ? null : streakBadgeFor(change.state.count);
  const rose = change.state.count > change.previousCount;
  const earned = rose && badge !== null && badge.days > change.previousCount;
  const payload = (friendId: string): StreakUpdatedPayload => ({
    friendId,
    count: change.state.count,
    status,
    badge,
    breaksAt: streakBreaksAt(change.state, change.at, change.timeZone),
    rose,
    newBadge: earned ? badge : null,
  });
  io.to(userRoom(change.userA)).emit("streak_updated", payload(change.userB));
  io.to(userRoom(change.userB)).emit("streak_updated", payload(change.userA));
}

/**
 * Unfriending or a block ends the streak (spec §4; issue #12). Deleting an account: FK cascade. Call it
 * in the transaction that deletes the friendship (see `applyStreakOnMessage` for why).
 */
export async function deleteStreak(tx: Database, one: string, two: string): Promise<void> {
  await tx.delete(streaks).where(pairCondition(one, two));
}

function view(row: StreakRow | undefined, friendId: string, now: number, timeZone: string): StreakView {
  if (!row) return { friendId, count: 0, status: "broken", badge: null, lastMessageAt: null, breaksAt: null };
  const state = toState(row);
  const status = streakStatus(state, now, timeZone);
  const count = status === "broken" ? 0 : state.count;
  return {
    friendId,
    count,
    status,
    badge: streakBadgeFor(count),
    lastMessageAt: state.lastMessageAt,
    breaksAt: streakBreaksAt(state, now, timeZone),
  };
}

/** `GET /api/streaks/:friendId`: a non-friend or no streak reads count 0, broken (computed on read). */
export async function readStreak(
  db: Database,
  { userId, friendId, now, timeZone }: { userId: string; friendId: string; now: number; timeZone: string },
): Promise<StreakView> {
  const [row] = await db.select().from(streaks).where(pairCondition(userId, friendId));
  return view(row, friendId, now, timeZone);
}

/** `GET /api/streaks`: the caller's streak with every friend that has a row. */
export async function listStreaks(
  db: Database,
  { userId, now, timeZone }: { userId: string; now: number; timeZone: string },
): Promise<StreakView[]> {
  const rows = await db
    .select()
    .from(streaks)
    .where(or(eq(streaks.userA, userId), eq(streaks.userB, userId)));
  return rows.map((row) => view(row, row.userA === userId ? row.userB : row.userA, now, timeZone));
}

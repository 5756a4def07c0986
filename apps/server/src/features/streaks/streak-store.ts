import {
  STREAK_MESSAGE_WINDOW_MS,
  type StreakState,
  type StreakUpdatedPayload,
  type StreakView,
  streakBadgeFor,
  streakBreaksAt,
  streakStatus,
} from "@heartline/shared";
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { streaks } from "../../db/schema";
import { userRoom } from "../../realtime/rooms";
import type { HeartlineServer } from "../../realtime/types";
import { lockedFriendshipSql } from "../../social/index";

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

/** What the streak part of the send statement returns (`streakUpsertSql`), under `streak_` names. */
export interface StreakReturning {
  streak_user_a: string;
  streak_user_b: string;
  streak_count: number | string;
  streak_last_message_at: Date | string;
  streak_last_streak_day: string | null;
  streak_active: boolean;
  streak_previous_count: number | string;
  streak_inserted: boolean;
}

/** One message of one pair, as the streak update needs it. */
export interface StreakMessage {
  senderId: string;
  receiverId: string;
  at: number;
  timeZone: string;
}

/**
 * The streak's part of the direct-message send statement, for every message of the relation `input`
 * (columns `user_a` < `user_b`, the pair; `at`, the message's time; `today`, the calendar day it counts
 * for, ARCHITECTURE §9.6) — at most one message per pair: a row is updated once per statement.
 * spec §4: a message that is not stored changes no streak — a failed message insert fails the whole
 * statement. Only accepted friends have a streak: the friendship row is held `FOR SHARE`, and only if it
 * exists is the streak row created (count 0, inactive: `applyStreakMessage` on no document) or updated.
 *
 * The update is `applyStreakMessage` (packages/shared, the rules' reference) written as the
 * `ON CONFLICT DO UPDATE` of one statement, so a send is one round trip and a batch of sends one
 * statement (bench B5). PostgreSQL applies it to the latest committed row under that row's lock, so two
 * messages of one pair on two nodes apply one after the other and a day is never counted twice.
 * `previous_count` keeps the count before the update: it is how the statement returns it (for the
 * 'rose' and 'new badge' toasts). A property test (streak-sql.test.ts) holds this SQL to
 * `applyStreakMessage` on random states.
 */
export function streakUpsertSql(input: SQL): SQL {
  const old = (column: string) => sql`${streaks}.${sql.identifier(column)}`;
  const column = (name: string) => sql`i.${sql.identifier(name)}`;
  // spec §4 as of this message (`m`: its time and day): `active` (the status is not broken), `within`
  // (24 h of the last message), `days` since the last streak day; then clauses 2–3 `restart` (count 0
  // or inactive, within 24 h: count 1) and clause 4 `rise` (a new day while active: +1); clause 1
  // resets, clause 5 keeps the count.
  return sql`
    insert into ${streaks} (user_a, user_b, count, last_message_at, active, highest_count, reached_at, previous_count)
    select i.user_a, i.user_b, 0, i.at, false, 0, i.at, 0 from ${input} i
    where exists (${lockedFriendshipSql(column("user_a"), column("user_b"))})
    on conflict (user_a, user_b) do update set
      (count, last_message_at, last_streak_day, active, highest_count, reached_at, previous_count) = (
        select next.count, greatest(m.at, ${old("last_message_at")}),
          case when moved then m.today else ${old("last_streak_day")} end,
          moved or (f.active and next.count > 0),
          greatest(${old("highest_count")}, next.count),
          case when next.count <> ${old("count")} then m.at else ${old("reached_at")} end,
          ${old("count")}
        from (select i.at, i.today from ${input} i
              where i.user_a = excluded.user_a and i.user_b = excluded.user_b) m,
        lateral (
          select ${old("active")} and ${old("count")} > 0 and days is not null and days <= 1 as active, within, days
          from (select m.today::date - ${old("last_streak_day")}::date as days,
                  m.at - ${old("last_message_at")} <= interval '1 millisecond' * ${sql.raw(String(STREAK_MESSAGE_WINDOW_MS))} as within) d
        ) f,
        lateral (select f.within and (${old("count")} = 0 or not f.active) as restart, f.active and f.days > 0 as rise) c,
        lateral (select restart or rise as moved,
          case when restart then 1 when rise then ${old("count")} + 1 when not f.within and not f.active then 0
            else ${old("count")} end as count) next)
    returning user_a as streak_user_a, user_b as streak_user_b, count as streak_count,
      last_message_at as streak_last_message_at, last_streak_day as streak_last_streak_day,
      active as streak_active, previous_count as streak_previous_count, (xmax = 0) as streak_inserted`;
}

/** What the statement did to the pair's streak (null: they are not friends, so no streak). */
export function streakChangeOf(
  row: StreakReturning | undefined,
  message: StreakMessage,
): StreakChange | null {
  if (!row || row.streak_count === null || row.streak_count === undefined) return null;
  const [userA, userB] = orderedPair(message.senderId, message.receiverId);
  const state: StreakState = {
    count: Number(row.streak_count),
    lastMessageAt: new Date(row.streak_last_message_at).getTime(),
    lastStreakDay: row.streak_last_streak_day,
    active: row.streak_active,
  };
  const previousCount = row.streak_inserted ? 0 : Number(row.streak_previous_count);
  return { userA, userB, state, previousCount, timeZone: message.timeZone, at: message.at };
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
    ...notStarted(change.state),
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
  if (!row) {
    return {
      friendId,
      count: 0,
      status: "broken",
      badge: null,
      lastMessageAt: null,
      breaksAt: null,
      notStarted: true,
    };
  }
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
    ...notStarted(state),
  };
}

/** Issue #38: no streak day yet (spec §4 counts the first day only on a message within 24 h of another). */
function notStarted(state: Pick<StreakState, "lastStreakDay">): { notStarted?: true } {
  return state.lastStreakDay === null ? { notStarted: true } : {};
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

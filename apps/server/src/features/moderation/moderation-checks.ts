import { GROUP_ERROR_MESSAGES, type MutedUserRecord, type MuteState } from "@heartline/shared";
import {
  type AnyColumn,
  and,
  arrayContains,
  desc,
  eq,
  exists,
  gt,
  isNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { bannedUsers, mutedUsers } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { findUserById, hasAdminRole, type UserRow } from "../accounts/index";

export interface BanSubject {
  userId: string;
  deviceId?: string | null;
}

/**
 * spec §4 Bans: banned by user id (a ban acts on the id, never on a name someone may show), or by a
 * browser a banned user was seen with (a new guest from the same browser is still refused).
 */
export async function isBanned(db: Database, subject: BanSubject): Promise<boolean> {
  const conditions = [eq(bannedUsers.userId, subject.userId)];
  if (subject.deviceId) conditions.push(arrayContains(bannedUsers.deviceIds, [subject.deviceId]));
  const rows = await db
    .select({ userId: bannedUsers.userId })
    .from(bannedUsers)
    .where(or(...conditions))
    .limit(1);
  return rows.length > 0;
}

/**
 * The same rule as `isBanned` as an SQL condition on another query's row, so that a user and their ban
 * are read in one round trip (every round trip before a group broadcast delays it, bench B1).
 */
export function banExists(
  db: Database,
  subject: { userId: AnyColumn | SQL; deviceId?: string | null | undefined },
) {
  const conditions = [sql`${bannedUsers.userId} = ${subject.userId}`];
  if (subject.deviceId) conditions.push(arrayContains(bannedUsers.deviceIds, [subject.deviceId]));
  return exists(
    db
      .select({ one: sql`1` })
      .from(bannedUsers)
      .where(or(...conditions)),
  );
}

/** A mute that still mutes: lasting until lifted, or a short automatic one not yet over (issue #15). */
export const muteIsActive: SQL = or(
  isNull(mutedUsers.expiresAt),
  gt(mutedUsers.expiresAt, sql`now()`),
) as SQL;

export async function findMute(db: Database, userId: string): Promise<MuteState | null> {
  const [row] = await db
    .select()
    .from(mutedUsers)
    .where(and(eq(mutedUsers.userId, userId), muteIsActive));
  return row ? toMuteState(row) : null;
}

function toMuteState(row: { mutedAt: Date; mutedBy: string; reason: string | null; expiresAt: Date | null }) {
  return {
    mutedAt: row.mutedAt.getTime(),
    mutedBy: row.mutedBy,
    reason: row.reason,
    expiresAt: row.expiresAt?.getTime() ?? null,
  } satisfies MuteState;
}

/**
 * `isBanned` and `findMute` in one statement (one round trip; a join to the group reads both, bench B4's
 * reconnect storm): the ban as a column, the mute in force (if any) left-joined to a single row.
 */
export async function readStanding(
  db: Database,
  subject: BanSubject,
): Promise<{ isBanned: boolean; mute: MuteState | null }> {
  const [row] = await db
    .select({
      isBanned: banExists(db, { userId: sql`${subject.userId}`, deviceId: subject.deviceId }),
      mutedAt: mutedUsers.mutedAt,
      mutedBy: mutedUsers.mutedBy,
      reason: mutedUsers.reason,
      expiresAt: mutedUsers.expiresAt,
    })
    .from(sql`(select 1) as "subject"`)
    .leftJoin(mutedUsers, and(eq(mutedUsers.userId, subject.userId), muteIsActive));
  if (!row) throw new Error("the standing query returned no row");
  const { isBanned: banned, mutedAt, mutedBy, reason, expiresAt } = row;
  return {
    isBanned: banned === true,
    mute: mutedAt === null || mutedBy === null ? null : toMuteState({ mutedAt, mutedBy, reason, expiresAt }),
  };
}

/** Everyone muted, for the admins' group clients (issue #33). Reasons stay with the admin views. */
export async function listMutedUsers(db: Database): Promise<MutedUserRecord[]> {
  const rows = await db
    .select({ userId: mutedUsers.userId, username: mutedUsers.username, mutedAt: mutedUsers.mutedAt })
    .from(mutedUsers)
    .where(muteIsActive)
    .orderBy(desc(mutedUsers.mutedAt));
  return rows.map((row) => ({ ...row, mutedAt: row.mutedAt.getTime() }));
}

/**
 * ARCHITECTURE §9.4: admin actions over the socket read the role from the database for every action;
 * the handshake's `isAdmin` and the role cached on a socket never count.
 */
export async function requireAdminById(db: Database, userId: string | null | undefined): Promise<UserRow> {
  const row = userId ? await findUserById(db, userId) : undefined;
  if (!row || !hasAdminRole(row.role)) throw new AppError("forbidden", GROUP_ERROR_MESSAGES.adminOnly);
  return row;
}

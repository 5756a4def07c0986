import { DELETED_USERNAME_HOLD_MS, USERNAME_HOLD_SWEEP_INTERVAL_MS } from "@heartline/shared";
import { lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import { heldUsernames } from "../../db/schema";
import type { DeletionTransaction } from "../feature";

/** The user row's fields that decide whether its name is held once the account is deleted. */
export interface DeletedNameOwner {
  username: string | null;
  usernameLower: string | null;
  isGuest: boolean;
  isAnonymous: boolean | null;
  emailVerified: boolean;
}

/**
 * Issue #38: a deleted registered account's name is held for `DELETED_USERNAME_HOLD_MS`, in the
 * deletion's own transaction, so there is no moment between the user row going and the hold
 * appearing. Guests' names are not held: spec §4 Sign-up (b) gives a guest's name to the next sign-up
 * once the guest has ended, and a guest is a throwaway name nobody else knows as a person. Nor is the
 * name of an account that never proved its address (ADR 0017: it was never anyone's; it could not
 * enter the group room or be befriended, and its address's owner replacing it may want the name).
 * A second deletion of the same name (held, freed, taken, deleted again) holds it from now.
 */
export async function holdDeletedName(
  tx: DeletionTransaction,
  owner: DeletedNameOwner,
  now: number,
): Promise<void> {
  if (owner.isGuest || owner.isAnonymous || !owner.emailVerified) return;
  const name = (owner.usernameLower ?? owner.username)?.toLowerCase();
  // A name set aside by a sign-up (`~held~…`) is no username: nothing to hold.
  if (!name || name.startsWith("~")) return;
  const heldUntil = new Date(now + DELETED_USERNAME_HOLD_MS);
  await tx
    .insert(heldUsernames)
    .values({ usernameLower: name, heldUntil })
    .onConflictDoUpdate({
      target: heldUsernames.usernameLower,
      set: { heldUntil: sql`greatest(${heldUsernames.heldUntil}, excluded.held_until)` },
    });
}

/** Removes the holds that have run out by `now`; returns how many went. */
export async function sweepExpiredNameHolds(db: Database, now: number): Promise<number> {
  const removed = await db
    .delete(heldUsernames)
    .where(lte(heldUsernames.heldUntil, new Date(now)))
    .returning({ name: heldUsernames.usernameLower });
  return removed.length;
}

/**
 * The hourly sweep on each node (idempotent: two nodes deleting the same expired rows is harmless).
 * The name checks compare `held_until` with the clock themselves, so a hold ends on time even
 * between sweeps; the sweep only keeps the table small.
 */
export function startNameHoldSweep(db: Database, log: FastifyBaseLogger, clock: () => number) {
  const timer = setInterval(() => {
    sweepExpiredNameHolds(db, clock()).catch((error: unknown) =>
      log.warn({ err: error }, "name hold sweep failed"),
    );
  }, USERNAME_HOLD_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

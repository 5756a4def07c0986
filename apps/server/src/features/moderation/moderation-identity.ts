import { GROUP_ERROR_MESSAGES } from "@heartline/shared";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../../db/create-database";
import { user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { toFetchHeaders } from "../accounts/fetch-headers";

export type UserRow = typeof user.$inferSelect;

/** The name people see: as typed at sign-up, else the plugin's key, else Better Auth's name. */
export function displayName(row: Pick<UserRow, "displayUsername" | "username" | "name">): string {
  return row.displayUsername || row.username || row.name;
}

/** `displayName` in SQL, for conditions on the user row. */
export const displayNameSql = sql<string>`coalesce(nullif(${user.displayUsername}, ''), nullif(${user.username}, ''), ${user.name})`;

/** Better Auth's admin plugin keeps roles as a comma-separated list. */
export function hasAdminRole(role: string | null | undefined): boolean {
  return (role ?? "").split(",").some((entry) => entry.trim() === "admin");
}

export async function findUserById(db: Database, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  return row && !row.isDeleted ? row : undefined;
}

/**
 * The signed-in user of an HTTP request, read fresh from the database (identity from the session
 * cookie only, ARCHITECTURE §9.4). Integrator: the accounts branch's `requireSession` does the same.
 */
export async function requireRequestUser(app: FastifyInstance, request: FastifyRequest): Promise<UserRow> {
  if (!request.headers.cookie) throw new AppError("unauthorized");
  const session = await app.auth.api.getSession({ headers: toFetchHeaders(request.headers) });
  const row = session ? await findUserById(app.db, session.user.id) : undefined;
  if (!row) throw new AppError("unauthorized");
  return row;
}

/**
 * ARCHITECTURE §9.4: admin actions read the role from the database for every action; the handshake's
 * `isAdmin` and the role cached on a socket never count.
 */
export async function requireAdminById(db: Database, userId: string | null | undefined): Promise<UserRow> {
  const row = userId ? await findUserById(db, userId) : undefined;
  if (!row || !hasAdminRole(row.role)) throw new AppError("forbidden", GROUP_ERROR_MESSAGES.adminOnly);
  return row;
}

export async function requireAdminRequest(app: FastifyInstance, request: FastifyRequest): Promise<UserRow> {
  const row = await requireRequestUser(app, request).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "unauthorized") {
      throw new AppError("forbidden", GROUP_ERROR_MESSAGES.adminOnly);
    }
    throw error;
  });
  return requireAdminById(app.db, row.id);
}

import { CONFESSION_ERROR_MESSAGES } from "@heartline/shared";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { confessions } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { ConfessionRow } from "./confession-views";
import { confessionShown } from "./shown-now";

/** A confession as shown now (ADR 0014), or 404 `notFound` ("This confession was removed."). */
export async function findConfession(db: Database, id: string): Promise<ConfessionRow> {
  const [row] = await db
    .select()
    .from(confessions)
    .where(and(eq(confessions.id, id), confessionShown()));
  if (!row) throw new AppError("not_found", CONFESSION_ERROR_MESSAGES.notFound);
  return row;
}

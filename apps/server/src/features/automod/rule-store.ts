import {
  AUTOMOD_MESSAGES,
  AUTOMOD_RULES_MAX,
  type AutomodRule,
  type CreateAutomodRuleInput,
} from "@heartline/shared";
import { asc, count, eq } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { automodRules } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { BUILTIN_RULES } from "./word-rules";

type RuleRow = typeof automodRules.$inferSelect;

function toRule(row: RuleRow): AutomodRule {
  return {
    id: row.id,
    name: row.name,
    phrase: row.phrase,
    surfaces: row.surfaces,
    action: row.action,
    isBuiltin: false,
    createdAt: row.createdAt.getTime(),
  };
}

/** The admins' rules, oldest first (the order the matcher numbers them in). */
export async function loadCustomRules(db: Database): Promise<AutomodRule[]> {
  const rows = await db
    .select()
    .from(automodRules)
    .orderBy(asc(automodRules.createdAt), asc(automodRules.id));
  return rows.map(toRule);
}

export async function addRule(options: {
  db: Database;
  adminId: string;
  input: CreateAutomodRuleInput;
}): Promise<AutomodRule> {
  const { db, adminId, input } = options;
  const [existing] = await db.select({ total: count() }).from(automodRules);
  if ((existing?.total ?? 0) >= AUTOMOD_RULES_MAX)
    throw new AppError("conflict", AUTOMOD_MESSAGES.tooManyRules);
  const [row] = await db
    .insert(automodRules)
    .values({ ...input, phrase: input.phrase.toLowerCase(), createdBy: adminId })
    .returning();
  if (!row) throw new AppError("internal");
  return toRule(row);
}

export async function removeRule(db: Database, id: string): Promise<{ removed: boolean }> {
  if (BUILTIN_RULES.some((rule) => rule.id === id)) {
    throw new AppError("bad_request", AUTOMOD_MESSAGES.builtinNotRemovable);
  }
  if (!/^[0-9a-f-]{36}$/i.test(id)) return { removed: false };
  const removed = await db
    .delete(automodRules)
    .where(eq(automodRules.id, id))
    .returning({ id: automodRules.id });
  return { removed: removed.length > 0 };
}

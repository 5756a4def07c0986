import { GENDERS, type Gender } from "@heartline/shared";
import type { user } from "../db/schema";

/** A row of `user`, as every feature reads a person. */
export type UserRow = typeof user.$inferSelect;

export function isGender(value: string | null): value is Gender {
  return value !== null && (GENDERS as readonly string[]).includes(value);
}

import type { AdminReportRecord, AutomodRule, CreateAutomodRuleInput } from "@heartline/shared";
import { AUTOMOD_PATHS } from "@heartline/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { user } from "../../src/db/schema";
import { requestAs, type TestPerson } from "../fixtures/group-fixtures";

/** Adds a rule as this admin; answers it. */
export async function addRule(
  app: FastifyInstance,
  admin: TestPerson,
  input: CreateAutomodRuleInput,
): Promise<AutomodRule> {
  const response = await requestAs(app, admin, "POST", AUTOMOD_PATHS.adminRules, input);
  expect(response.statusCode).toBe(201);
  return (response.json() as { rule: AutomodRule }).rule;
}

/** The open reports of the admin queue (the admin's own route). */
export async function openReports(app: FastifyInstance, admin: TestPerson): Promise<AdminReportRecord[]> {
  const response = await requestAs(app, admin, "GET", "/api/admin/reports?status=open");
  expect(response.statusCode).toBe(200);
  return (response.json() as { reports: AdminReportRecord[] }).reports;
}

/** Makes an account look `days` old (the link rule reads the account's creation time). */
export async function ageAccount(app: FastifyInstance, person: TestPerson, days: number): Promise<void> {
  await app.db
    .update(user)
    .set({ createdAt: new Date(Date.now() - days * 24 * 60 * 60 * 1_000) })
    .where(eq(user.id, person.id));
}

import { type CreateReportInput, MODERATION_PATHS } from "@heartline/shared";
import { apiRequest } from "../../../lib/http-client";

/** The user-report modal's submit: the server stores it with a snapshot of the reported messages. */
export function createReport(input: CreateReportInput): Promise<{ reportId: string }> {
  return apiRequest<{ reportId: string }>(MODERATION_PATHS.reports, { method: "POST", json: input });
}

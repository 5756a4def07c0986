import { API_ERROR_MESSAGES, type ApiErrorCode, type ErrorBody } from "@heartline/shared";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "./app-error";

/**
 * The one place that turns any thrown value into what a client sees (STYLE Code): the HTTP body
 * `{ error: { code, message } }` and the socket ack `{ ok: false, error }` (ARCHITECTURE §5, §6).
 * Only messages written for clients get through; anything unexpected becomes `internal`.
 */

export interface MappedError {
  status: number;
  error: ErrorBody;
  /** True when the error was not expected: the caller logs it; the client sees a generic text. */
  isUnexpected: boolean;
}

const BODY_TOO_LARGE_MESSAGE = "The request body is too large.";

const CODE_BY_STATUS: Readonly<Record<number, ApiErrorCode>> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  429: "rate_limited",
};

export function mapError(error: unknown): MappedError {
  if (error instanceof AppError) {
    return expected(error.status, error.code, error.message);
  }
  if (error instanceof z.core.$ZodError) {
    return expected(400, "bad_request", firstIssueMessage(error.issues));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return expected(400, "bad_request", firstIssueMessage(error.validation));
  }
  const status = clientErrorStatus(error);
  if (status !== undefined) {
    if (status === 413) return expected(413, "bad_request", BODY_TOO_LARGE_MESSAGE);
    const message = error instanceof Error && error.message ? error.message : undefined;
    return expected(status, CODE_BY_STATUS[status] ?? "bad_request", message);
  }
  return {
    status: 500,
    error: { code: "internal", message: API_ERROR_MESSAGES.internal },
    isUnexpected: true,
  };
}

/**
 * The failed acknowledgement for a socket event (ARCHITECTURE §5). `onUnexpected` hears errors no
 * client text was written for (the caller logs them; the client sees `internal`).
 */
export function toAck(
  error: unknown,
  onUnexpected?: (error: unknown) => void,
): { ok: false; error: ErrorBody } {
  const mapped = mapError(error);
  if (mapped.isUnexpected) onUnexpected?.(error);
  return { ok: false, error: mapped.error };
}

function expected(status: number, code: ApiErrorCode, message?: string): MappedError {
  return { status, error: { code, message: message || API_ERROR_MESSAGES[code] }, isUnexpected: false };
}

function firstIssueMessage(issues: ReadonlyArray<{ message?: string | undefined }>): string {
  return issues[0]?.message ?? API_ERROR_MESSAGES.bad_request;
}

/** Fastify's own client errors (bad JSON, wrong content type, body too large) carry a 4xx status. */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("statusCode" in error)) return undefined;
  const { statusCode } = error;
  return typeof statusCode === "number" && statusCode >= 400 && statusCode < 500 ? statusCode : undefined;
}

/**
 * A failed query (for the metrics): drizzle's `DrizzleQueryError`, or PostgreSQL's and PGlite's own
 * error (a SQLSTATE `code` with a `severity`), anywhere in the cause chain.
 */
export function isDatabaseError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.name === "DrizzleQueryError") return true;
    if ("severity" in current && "code" in current && typeof current.code === "string") return true;
    current = current.cause;
  }
  return false;
}

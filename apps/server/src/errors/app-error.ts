import { API_ERROR_MESSAGES, API_ERROR_STATUS, type ApiErrorCode } from "@heartline/shared";

/**
 * The error a use case throws on purpose. `error-mapping.ts` turns it into the one error shape
 * `{ error: { code, message } }` (HTTP) or `{ ok: false, error }` (socket acks), ARCHITECTURE §5–§6.
 */
export class AppError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;

  constructor(code: ApiErrorCode, message?: string, status?: number) {
    super(message ?? API_ERROR_MESSAGES[code]);
    this.name = "AppError";
    this.code = code;
    this.status = status ?? API_ERROR_STATUS[code];
  }
}

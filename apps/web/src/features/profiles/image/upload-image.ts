import {
  ACCOUNT_PATHS,
  type AccountUser,
  PROFILE_UPLOAD_MESSAGES,
  UPLOAD_RETRIES,
  UPLOAD_TIMEOUT_MS,
} from "@heartline/shared";
import { ApiError, apiConfig, apiErrorFromBody } from "../../../lib/http-client";
import { ProfileImageError } from "../../../lib/image/profile-image-error";
import {
  runWithTimeoutAndRetries,
  TaskCanceledError,
  TaskTimeoutError,
} from "../../../lib/image/with-timeout-and-retries";

export type ProfileImageKind = "avatar" | "banner";

export interface UploadImageOptions {
  signal?: AbortSignal;
  /** 0…1 while the bytes go out. */
  onProgress?: (fraction: number) => void;
}

const UPLOAD_PATHS: Record<ProfileImageKind, string> = {
  avatar: ACCOUNT_PATHS.myAvatar,
  banner: ACCOUNT_PATHS.myBanner,
};

/** The parsed JSON body of a finished request (null when it had none or it was not JSON). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * One POST through XMLHttpRequest, which (unlike fetch, and so unlike `apiRequest`) reports upload
 * progress; its failures are the same `ApiError`. A dropped
 * connection rejects with a TypeError, as fetch would.
 */
function postOnce(
  path: string,
  file: File,
  signal: AbortSignal,
  onProgress?: (fraction: number) => void,
): Promise<AccountUser> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", path);
    request.withCredentials = true;
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new TypeError("Network error during upload"));
    request.onload = () => {
      const body = parseBody(request.responseText);
      const user = (body as { user?: AccountUser } | null)?.user;
      if (request.status >= 200 && request.status < 300 && user) return resolve(user);
      reject(apiErrorFromBody(request.status, body));
    };
    // The caller's timeout or cancel aborts the request; the retry loop decides what that means.
    signal.addEventListener("abort", () => request.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    request.send(form);
  });
}

/** Worth another try: a timeout, a dropped connection (fetch's TypeError) or a server error. */
export function isRetryableUploadError(error: unknown): boolean {
  if (error instanceof TaskTimeoutError || error instanceof TypeError) return true;
  // Status 0: the request never got an answer (connection reset).
  return error instanceof ApiError && (error.status >= 500 || error.status === 0);
}

/** spec §8 Profile upload: which text a failed upload shows. A server 4xx says why in its own words. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ProfileImageError) return error.message;
  if (error instanceof TaskCanceledError) return PROFILE_UPLOAD_MESSAGES.canceled;
  if (error instanceof TaskTimeoutError) return PROFILE_UPLOAD_MESSAGES.timedOut;
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return PROFILE_UPLOAD_MESSAGES.unauthorized;
    if (error.status >= 400 && error.status < 500 && error.serverMessage) return error.serverMessage;
    return PROFILE_UPLOAD_MESSAGES.failed;
  }
  if (error instanceof TypeError) return PROFILE_UPLOAD_MESSAGES.failed;
  if (error instanceof Error) return PROFILE_UPLOAD_MESSAGES.unknown;
  return PROFILE_UPLOAD_MESSAGES.fallback;
}

/**
 * POSTs the prepared picture (multipart field `file`) to /api/users/me/avatar or /banner. Each try
 * is limited to 15 s with 2 retries (spec §9); client errors are not retried. Throws a
 * `ProfileImageError` carrying the text to show.
 */
export async function uploadProfileImage(
  kind: ProfileImageKind,
  file: File,
  options: UploadImageOptions = {},
): Promise<AccountUser> {
  const path = `${apiConfig.baseUrl}${UPLOAD_PATHS[kind]}`;
  try {
    return await runWithTimeoutAndRetries((signal) => postOnce(path, file, signal, options.onProgress), {
      timeoutMs: UPLOAD_TIMEOUT_MS,
      retries: UPLOAD_RETRIES,
      shouldRetry: isRetryableUploadError,
      signal: options.signal,
    });
  } catch (error) {
    throw new ProfileImageError(uploadErrorMessage(error), error instanceof ApiError ? error.code : null);
  }
}

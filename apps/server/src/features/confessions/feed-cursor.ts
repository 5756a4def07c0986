import { CONFESSION_ERROR_MESSAGES, type ConfessionSort } from "@heartline/shared";
import { AppError } from "../../errors/app-error";

/**
 * The feed's opaque cursor: the last row's keyset, base64url-encoded. Newest first: (created_at ms, id);
 * top views: (score, created_at ms, id). A cursor of another sort, or anything unparseable, is 400.
 */
export interface FeedCursor {
  score: number;
  createdAtMs: number;
  id: string;
}

const NEW_PATTERN = /^new\.(\d{1,15})\.([0-9a-f-]{36})$/;
const TOP_PATTERN = /^top\.(\d{1,9})\.(\d{1,15})\.([0-9a-f-]{36})$/;

export function encodeCursor(sort: ConfessionSort, cursor: FeedCursor): string {
  const plain =
    sort === "new"
      ? `new.${cursor.createdAtMs}.${cursor.id}`
      : `top.${cursor.score}.${cursor.createdAtMs}.${cursor.id}`;
  return Buffer.from(plain, "utf8").toString("base64url");
}

export function decodeCursor(sort: ConfessionSort, encoded: string | undefined): FeedCursor | null {
  if (encoded === undefined) return null;
  // The schema caps the cursor at 200 characters before this runs.
  const plain = Buffer.from(encoded, "base64url").toString("utf8");
  if (sort === "new") {
    const match = NEW_PATTERN.exec(plain);
    if (match?.[1] && match[2]) return { score: 0, createdAtMs: Number(match[1]), id: match[2] };
  } else {
    const match = TOP_PATTERN.exec(plain);
    if (match?.[1] && match[2] && match[3]) {
      return { score: Number(match[1]), createdAtMs: Number(match[2]), id: match[3] };
    }
  }
  throw new AppError("bad_request", CONFESSION_ERROR_MESSAGES.invalidCursor);
}

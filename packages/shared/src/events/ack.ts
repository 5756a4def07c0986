/** The error half of every acknowledgement and HTTP error body (ARCHITECTURE §5, §6). */
export interface ErrorBody {
  code: string;
  message: string;
}

/** Every client event with an acknowledgement answers with this shape. */
export type AckResult<T = undefined> = { ok: true; data: T } | { ok: false; error: ErrorBody };

export type Ack<T = undefined> = (result: AckResult<T>) => void;

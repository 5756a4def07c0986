import { AUTOMOD_BLOCKED_CODE, type ErrorBody } from "@heartline/shared";
import { useCallback, useRef } from "react";
import type { AppSocket } from "../../../lib/socket";
import type { SendOutcome } from "../api/send-with-ack";
import type { OutboxDraft, OutboxEntry, OutboxStore } from "../state/outbox";

/** What one chat gives the shared send: its outbox, its event, and what a stored copy or a refusal does. */
export interface OutboxSendOptions<TEntry extends OutboxEntry, TData> {
  socket: AppSocket | null;
  outbox: OutboxStore<TEntry>;
  /** Emits one entry with its ack (`sendWithAck` with the chat's event and payload). */
  emit: (socket: AppSocket, entry: TEntry) => Promise<SendOutcome<TData>>;
  /** Puts the stored copy in the chat's cache; the entry leaves the outbox right after. */
  onStored: (entry: TEntry, data: TData) => void;
  /** What else a refusal does (the group's rate-limit note or toast); `reason` is the server's own text. */
  onRefused?: (refusal: ErrorBody | null, reason: string | undefined) => void;
  /** Shown under a failed message when the server gave no reason of its own. */
  fallbackError?: string;
  /** Without a connection a send is kept and fails with this text; without it the send is dropped. */
  offlineError?: string;
}

/** What a new message brings; the pipeline gives it its id (the idempotency key) and its time. */
export type NewMessage<TEntry extends OutboxEntry> = Omit<OutboxDraft<TEntry>, "id" | "createdAt">;

export interface OutboxSendActions<TEntry extends OutboxEntry> {
  /** Resolves once the server answered: true when stored (a caption waits for its picture). */
  send: (message: NewMessage<TEntry>) => Promise<boolean>;
  /** Sends a failed message again with the same id (the server answers a repeated id with the stored row). */
  retry: (id: string) => void;
}

/** A refusal's own words, except the server's generic "internal" one (the chat says spec §8's text). */
export function refusalReason(refusal: ErrorBody | null): string | undefined {
  return refusal && refusal.code !== "internal" ? refusal.message : undefined;
}

/**
 * The one send of the three chats: pending in the outbox until the ack, then the stored copy replaces it,
 * or it fails with the reason (AutoMod's refusal is reviewable, not retried); Retry reuses the id.
 */
export function useOutboxSend<TEntry extends OutboxEntry, TData>(
  options: OutboxSendOptions<TEntry, TData>,
): OutboxSendActions<TEntry> {
  // The chat's callbacks change with its props; the actions stay the same functions.
  const latest = useRef(options);
  latest.current = options;
  const { socket } = options;

  const emit = useCallback(async (live: AppSocket, entry: TEntry): Promise<boolean> => {
    const { outbox, onStored, onRefused, fallbackError } = latest.current;
    const outcome = await latest.current.emit(live, entry);
    if (outcome.ok) {
      onStored(entry, outcome.data);
      outbox.getState().remove(entry.id);
      return true;
    }
    const reason = refusalReason(outcome.refusal);
    const isReviewable = outcome.refusal?.code === AUTOMOD_BLOCKED_CODE;
    outbox.getState().fail(entry.id, reason ?? fallbackError, isReviewable);
    onRefused?.(outcome.refusal, reason);
    return false;
  }, []);

  const send = useCallback<OutboxSendActions<TEntry>["send"]>(
    (message) => {
      const { outbox, offlineError } = latest.current;
      if (!socket && offlineError === undefined) return Promise.resolve(false);
      const draft = { ...message, id: crypto.randomUUID(), createdAt: Date.now() } as OutboxDraft<TEntry>;
      outbox.getState().add(draft);
      const entry = outbox.getState().entries.find((candidate) => candidate.id === draft.id);
      if (!socket || !entry) {
        outbox.getState().fail(draft.id, offlineError);
        return Promise.resolve(false);
      }
      return emit(socket, entry);
    },
    [socket, emit],
  );

  const retry = useCallback(
    (id: string) => {
      const { outbox } = latest.current;
      const entry = outbox.getState().entries.find((candidate) => candidate.id === id);
      if (!socket || !entry) return;
      outbox.getState().retry(id);
      void emit(socket, entry);
    },
    [socket, emit],
  );

  return { send, retry };
}

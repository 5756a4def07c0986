import "../../../lib/zod-csp";
import { type BanUserInput, banUserSchema, MODERATION_REASON_MAX_LENGTH } from "@heartline/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../ui/button";

export interface UsernameActionFormProps {
  /** "Ban" or "Mute". */
  action: string;
  description: string;
  onSubmit: (input: BanUserInput) => Promise<void>;
}

const FIELD =
  "mt-1 block w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100";

/** spec §4 Ban (and mute) by username, case-insensitively, with an optional reason. */
export function UsernameActionForm({ action, description, onSubmit }: UsernameActionFormProps) {
  const id = useId();
  const [username, setUsername] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = banUserSchema.safeParse({ username, ...(reason.trim() ? { reason } : {}) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Username is required");
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      await onSubmit(parsed.data);
      setUsername("");
      setReason("");
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : `Could not ${action.toLowerCase()} this user.`);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-3">
      <div>
        <h3 id={`${id}-title`} className="font-semibold">
          {action} a user
        </h3>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
      </div>
      <div>
        <label htmlFor={`${id}-username`} className="text-sm font-medium">
          Username
        </label>
        <input
          id={`${id}-username`}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoComplete="off"
          className={FIELD}
        />
      </div>
      <div>
        <label htmlFor={`${id}-reason`} className="text-sm font-medium">
          Reason <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
        </label>
        <input
          id={`${id}-reason`}
          value={reason}
          maxLength={MODERATION_REASON_MAX_LENGTH}
          onChange={(event) => setReason(event.target.value)}
          className={FIELD}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={isBusy}>
        {isBusy ? "Working…" : action}
      </Button>
    </form>
  );
}

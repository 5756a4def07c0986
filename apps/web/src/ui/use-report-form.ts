import type { ReportReason } from "@heartline/shared";
import { type FormEvent, useEffect, useState } from "react";
import toast from "react-hot-toast";
import type { ZodSafeParseResult } from "zod";
import { translate } from "../lib/i18n/i18n";
import { failureText, serverErrorText } from "../lib/i18n/server-error-text";

/** What the report form holds: the reason (none chosen yet is undefined) and trimmed details, if any. */
export interface ReportValues {
  reason: ReportReason | undefined;
  details?: string;
}

export interface ReportFormOptions<T> {
  /** A new key (another user, message or post) starts a fresh form. */
  resetKey: string;
  /** The caller's schema over the values (and whatever else its request needs). */
  parse: (values: ReportValues) => ZodSafeParseResult<T>;
  send: (input: T) => Promise<unknown>;
  onSent: () => void;
}

/**
 * The state and submit of a report modal (spec §2) around `ReportFormFields`: the first schema message
 * or the server's text shows in the form; a stored report is toasted and the modal closes.
 */
export function useReportForm<T>({ resetKey, parse, send, onSent }: ReportFormOptions<T>) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new subject starts a fresh form
  useEffect(() => {
    setReason(null);
    setDetails("");
    setError(null);
  }, [resetKey]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = details.trim();
    const parsed = parse({ reason: reason ?? undefined, ...(trimmed ? { details: trimmed } : {}) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? serverErrorText({ message: issue }) : translate("report.chooseReason"));
      return;
    }
    setIsSending(true);
    setError(null);
    try {
      await send(parsed.data);
      toast.success(translate("report.sent"));
      onSent();
    } catch (failure) {
      setError(failureText(failure, "report.sendFailed"));
    } finally {
      setIsSending(false);
    }
  };

  return {
    submit,
    fields: { reason, onReason: setReason, details, onDetails: setDetails, error, isSending },
  };
}

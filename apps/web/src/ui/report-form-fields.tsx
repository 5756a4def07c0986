import { REPORT_REASONS, type ReportReason } from "@heartline/shared";
import { useT } from "../lib/i18n/use-t";
import { Button } from "./button";

export const REPORT_SENT_TEXT = "Report sent. Thank you for keeping Heartline safe.";
export const REPORT_DETAILS_MAX = 500;

export interface ReportFormFieldsProps {
  /** Keeps the radio group and the details id unique per dialog. */
  idPrefix: string;
  /** Two columns of reasons from `sm` up (the group chat's wider dialog). */
  isTwoColumns?: boolean;
  reason: ReportReason | null;
  onReason: (reason: ReportReason) => void;
  details: string;
  onDetails: (details: string) => void;
  error: string | null;
  isSending: boolean;
  onCancel: () => void;
}

/** spec §2 The user-report modal's body: reason, optional details, error and Cancel / Send report. */
export function ReportFormFields(props: ReportFormFieldsProps) {
  const { idPrefix, reason, onReason, details, onDetails, error, isSending, onCancel } = props;
  const t = useT();
  return (
    <>
      <fieldset>
        <legend className="text-sm font-semibold">{t("report.reason")}</legend>
        <div className={props.isTwoColumns ? "mt-2 grid gap-1.5 sm:grid-cols-2" : "mt-2 space-y-1.5"}>
          {REPORT_REASONS.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-zinc-200 px-3 py-2 text-sm has-checked:border-rose-500 has-checked:bg-rose-50 has-focus-visible:ring-2 has-focus-visible:ring-rose-500 dark:border-zinc-700 dark:has-checked:bg-rose-950/50"
            >
              <input
                type="radio"
                name={`${idPrefix}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => onReason(value)}
                className="accent-rose-600"
              />
              {t(`report.reason.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${idPrefix}-details`} className="text-sm font-semibold">
          {t("report.details")}{" "}
          <span className="font-normal text-zinc-500 dark:text-zinc-400">{t("chat.optional")}</span>
        </label>
        <textarea
          id={`${idPrefix}-details`}
          value={details}
          maxLength={REPORT_DETAILS_MAX}
          onChange={(event) => onDetails(event.target.value)}
          rows={3}
          className="mt-2 block w-full resize-none rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-700 dark:bg-zinc-950"
        />
        <p className="mt-1 text-end text-xs text-zinc-500 dark:text-zinc-400">
          {details.length}/{REPORT_DETAILS_MAX}
        </p>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t("chat.cancel")}
        </Button>
        <Button type="submit" disabled={isSending}>
          {isSending ? t("report.sending") : t("report.send")}
        </Button>
      </div>
    </>
  );
}

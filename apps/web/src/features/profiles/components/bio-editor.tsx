import "../../../lib/zod-csp";
import { BIO_MAX_LENGTH, profileUpdateSchema } from "@heartline/shared";
import { type FormEvent, useId, useState } from "react";
import { formatCount } from "../../../lib/format-count";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";

export interface BioEditorProps {
  bio: string | null;
  onSave: (bio: string) => void;
  isSaving: boolean;
  /** Set after the server accepted the last save. */
  hasSaved: boolean;
}

/** The bio with a live character counter (at most BIO_MAX_LENGTH, checked by the shared schema). */
export function BioEditor({ bio, onSave, isSaving, hasSaved }: BioEditorProps) {
  const t = useT();
  const locale = useLocale();
  const [draft, setDraft] = useState(bio ?? "");
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const counterId = useId();
  const errorId = useId();
  const length = draft.trim().length;
  const isOver = length > BIO_MAX_LENGTH;
  const isUnchanged = draft.trim() === (bio ?? "").trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileUpdateSchema.safeParse({ bio: draft });
    if (!parsed.success) {
      const isTooLong = parsed.error.issues.some((issue) => issue.code === "too_big");
      setError(isTooLong ? t("profiles.bio.tooLong", { max: BIO_MAX_LENGTH }) : t("profiles.bio.invalid"));
      return;
    }
    setError(null);
    onSave(parsed.data.bio ?? "");
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={fieldId} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {t("profiles.bio.label")}
      </label>
      <textarea
        id={fieldId}
        value={draft}
        rows={4}
        placeholder={t("profiles.bio.placeholder")}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
        aria-invalid={isOver || error ? true : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        className="mt-2 block w-full resize-y rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 placeholder:text-zinc-400 focus:border-rose-500 focus:outline-none focus:ring-2 focus:ring-rose-500/40 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500"
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p
          id={counterId}
          className={`text-xs tabular-nums ${isOver ? "font-semibold text-red-600 dark:text-red-400" : "text-zinc-500 dark:text-zinc-400"}`}
        >
          {t("profiles.bio.counter", {
            length: formatCount(length, locale),
            max: formatCount(BIO_MAX_LENGTH, locale),
          })}
        </p>
        <div className="flex items-center gap-3">
          {hasSaved && isUnchanged ? (
            <span role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
              {t("profiles.bio.saved")}
            </span>
          ) : null}
          <Button type="submit" size="sm" disabled={isSaving || isUnchanged}>
            {isSaving ? t("accounts.busy.saving") : t("profiles.bio.save")}
          </Button>
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}

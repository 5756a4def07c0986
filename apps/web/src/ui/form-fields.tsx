import { AlertCircle, CheckCircle2 } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";

const INPUT_CLASSES =
  "mt-1 block h-11 w-full rounded-xl border bg-white px-3 text-zinc-900 placeholder:text-zinc-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 read-only:bg-zinc-100 read-only:text-zinc-600 disabled:bg-zinc-100 dark:bg-zinc-950 dark:text-zinc-100 dark:read-only:bg-zinc-800 dark:read-only:text-zinc-300 dark:disabled:bg-zinc-800";

export function inputClasses(hasError: boolean): string {
  return `${INPUT_CLASSES} ${hasError ? "border-rose-500 dark:border-rose-500" : "border-zinc-300 dark:border-zinc-700"}`;
}

interface FieldShellProps {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
  hint?: ReactNode;
}

/** Label, control and the field's one message (spec §5), wired as the control's description. */
export function FieldShell({ id, label, error, children, hint }: FieldShellProps) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-rose-600 dark:text-rose-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function errorProps(id: string, error: string | undefined) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className: inputClasses(Boolean(error)),
  } as const;
}

export interface TextFieldProps extends Omit<ComponentProps<"input">, "id" | "onChange"> {
  id: string;
  label: string;
  error: string | undefined;
  onValue: (value: string) => void;
  hint?: ReactNode;
}

export function TextField({ id, label, error, onValue, hint, ...inputProps }: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input {...inputProps} {...errorProps(id, error)} onChange={(event) => onValue(event.target.value)} />
    </FieldShell>
  );
}

export interface SelectFieldProps extends Omit<ComponentProps<"select">, "id" | "onChange"> {
  id: string;
  label: string;
  error: string | undefined;
  onValue: (value: string) => void;
}

export function SelectField({ id, label, error, onValue, children, ...selectProps }: SelectFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error}>
      <select {...selectProps} {...errorProps(id, error)} onChange={(event) => onValue(event.target.value)}>
        {children}
      </select>
    </FieldShell>
  );
}

/** A form-level error (server answers, spec §8), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-xl bg-rose-50 p-3 text-sm font-medium text-rose-700 dark:bg-rose-950/50 dark:text-rose-300"
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}

/** A success note, announced politely. */
export function FormSuccess({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-xl bg-emerald-50 p-3 text-sm font-medium text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300"
    >
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}

/** A text button that switches to another account modal ('Sign in', 'Create one', …). */
export function SwitchLink({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded font-semibold text-rose-600 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-rose-400"
    >
      {children}
    </button>
  );
}

// Before any parse: zod must not probe eval under our CSP.
import "../../../lib/zod-csp";
import { type GuestInput, guestSchema } from "@heartline/shared";
import { AlertCircle } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { GENDER_CHOICES } from "../../../lib/gender-labels";
import { Button } from "../../../ui/button";
import { signInAnonymous } from "../api/sign-in-anonymous";

type Field = keyof GuestInput;
type FieldErrors = Partial<Record<Field, string>>;
interface GuestValues {
  username: string;
  dob: string;
  gender: string;
}

/** The first message per field, exactly as the shared schema words it (spec §5). */
function validate(values: GuestValues): { data: GuestInput } | { errors: FieldErrors } {
  const result = guestSchema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** `YYYY-MM-DD` in the visitor's own calendar (the date input's `max`). */
function localIsoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const INPUT_CLASSES =
  "mt-1 block h-11 w-full rounded-xl border bg-white px-3 text-zinc-900 placeholder:text-zinc-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:bg-zinc-950 dark:text-zinc-100";
const inputClasses = (hasError: boolean) =>
  `${INPUT_CLASSES} ${hasError ? "border-rose-500 dark:border-rose-500" : "border-zinc-300 dark:border-zinc-700"}`;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-rose-600 dark:text-rose-400">
      {message}
    </p>
  );
}

export interface GuestFormProps {
  onJoined: () => void | Promise<void>;
}

export function GuestForm({ onJoined }: GuestFormProps) {
  const id = useId();
  const [values, setValues] = useState<GuestValues>({ username: "", dob: "", gender: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const update = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After the first attempt, errors follow the input so they disappear as soon as they are fixed.
    if (hasSubmitted) {
      const result = validate(next);
      setErrors("errors" in result ? result.errors : {});
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setHasSubmitted(true);
    setServerError(null);
    const result = validate(values);
    if ("errors" in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    const outcome = await signInAnonymous(result.data);
    setSubmitting(false);
    if (outcome.ok) onJoined();
    else setServerError(outcome.message);
  };

  const describe = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  const today = localIsoDate(new Date());

  return (
    <form noValidate onSubmit={submit} className="mt-6 space-y-4">
      <div>
        <label htmlFor={`${id}-username`} className="text-sm font-medium">
          Username
        </label>
        <input
          id={`${id}-username`}
          name="username"
          autoComplete="off"
          value={values.username}
          onChange={(event) => update("username", event.target.value)}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={describe("username")}
          className={inputClasses(Boolean(errors.username))}
        />
        <FieldError id={`${id}-username-error`} message={errors.username} />
      </div>
      <div>
        <label htmlFor={`${id}-dob`} className="text-sm font-medium">
          Date of birth
        </label>
        <input
          id={`${id}-dob`}
          name="dob"
          type="date"
          max={today}
          value={values.dob}
          onChange={(event) => update("dob", event.target.value)}
          aria-invalid={errors.dob ? true : undefined}
          aria-describedby={describe("dob")}
          className={inputClasses(Boolean(errors.dob))}
        />
        <FieldError id={`${id}-dob-error`} message={errors.dob} />
      </div>
      <div>
        <label htmlFor={`${id}-gender`} className="text-sm font-medium">
          Gender
        </label>
        <select
          id={`${id}-gender`}
          name="gender"
          value={values.gender}
          onChange={(event) => update("gender", event.target.value)}
          aria-invalid={errors.gender ? true : undefined}
          aria-describedby={describe("gender")}
          className={inputClasses(Boolean(errors.gender))}
        >
          <option value="">Select gender</option>
          {GENDER_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-gender-error`} message={errors.gender} />
      </div>
      {serverError ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl bg-rose-50 p-3 text-sm font-medium text-rose-700 dark:bg-rose-950/50 dark:text-rose-300"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {serverError}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Joining…" : "Join Chat"}
      </Button>
      <p className="text-center text-xs text-zinc-500 dark:text-zinc-400">You must be 18 or older to join.</p>
    </form>
  );
}

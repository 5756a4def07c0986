import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { errorProps, FieldShell, type TextFieldProps } from "./form-fields";

export interface PasswordFieldProps extends Omit<TextFieldProps, "type"> {
  /** The rules, shown under the field before anything is typed (issue #14: not only after an error). */
  rules?: string;
}

/** A password input with a show/hide toggle and its rules in view, wired as the input's description. */
export function PasswordField({ id, label, error, onValue, rules, hint, ...inputProps }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const field = errorProps(id, error);
  const described = [field["aria-describedby"], rules ? `${id}-rules` : undefined].filter(Boolean).join(" ");
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          {...inputProps}
          {...field}
          aria-describedby={described || undefined}
          className={`${field.className} pr-12`}
          type={visible ? "text" : "password"}
          onChange={(event) => onValue(event.target.value)}
        />
        <button
          type="button"
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
          className="absolute inset-y-0 right-0 mt-1 flex w-11 items-center justify-center rounded-r-xl text-zinc-500 hover:text-zinc-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
      {rules ? (
        <p id={`${id}-rules`} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {rules}
        </p>
      ) : null}
    </FieldShell>
  );
}

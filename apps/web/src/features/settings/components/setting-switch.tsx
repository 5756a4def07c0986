export interface SettingSwitchProps {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  /** Why the switch cannot be changed (issue #38); it describes the switch. */
  disabledReason?: string | null;
  onChange: (checked: boolean) => void;
}

/** One labelled on/off setting of the settings page (a `switch` for screen readers). */
export function SettingSwitch({
  id,
  label,
  checked,
  disabled = false,
  disabledReason = null,
  onChange,
}: SettingSwitchProps) {
  const reason = disabled && disabledReason ? disabledReason : null;
  return (
    <div className="mt-4 flex items-start justify-between gap-4">
      <div>
        <label
          id={`${id}-label`}
          htmlFor={id}
          className="text-sm font-medium text-zinc-900 dark:text-zinc-100"
        >
          {label}
        </label>
        {reason ? (
          <p id={`${id}-reason`} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {reason}
          </p>
        ) : null}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={reason ? `${id}-reason` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 focus-visible:ring-offset-2 disabled:opacity-60 dark:focus-visible:ring-offset-zinc-900 ${checked ? "bg-rose-600" : "bg-zinc-300 dark:bg-zinc-700"}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-6" : "translate-x-1"}`}
        />
      </button>
    </div>
  );
}

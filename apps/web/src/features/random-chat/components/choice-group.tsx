export interface Choice<T extends string> {
  value: T;
  label: string;
}

export interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  choices: readonly Choice<T>[];
  value: T | null;
  onChange: (value: T) => void;
}

/** A row of pill-shaped radio buttons (native radios: arrow keys and screen readers work as usual). */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: ChoiceGroupProps<T>) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{legend}</legend>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-center justify-center rounded-xl border border-zinc-200 px-3 py-3 text-center text-sm font-medium text-zinc-700 transition-colors hover:border-rose-300 has-checked:border-rose-500 has-checked:bg-rose-50 has-checked:text-rose-700 has-focus-visible:ring-2 has-focus-visible:ring-rose-500 dark:border-zinc-700 dark:text-zinc-300 dark:hover:border-rose-700 dark:has-checked:bg-rose-950/50 dark:has-checked:text-rose-300"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

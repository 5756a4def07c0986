import type { KeyboardEvent, Ref } from "react";

export interface CountedTextareaProps {
  id: string;
  label: string;
  /** The label is for screen readers only (the placeholder says it on screen). */
  isLabelHidden?: boolean;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  placeholder: string;
  rows?: number;
  /** The id of the error text under the field, when one is shown. */
  errorId?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/** A text box with a live "n/max" counter that turns red past the limit (the server refuses more). */
export function CountedTextarea(props: CountedTextareaProps) {
  const { id, label, value, maxLength, errorId } = props;
  const isTooLong = value.length > maxLength;
  const counterId = `${id}-counter`;
  return (
    <div>
      <label htmlFor={id} className={props.isLabelHidden ? "sr-only" : "text-sm font-semibold"}>
        {label}
      </label>
      <textarea
        id={id}
        ref={props.textareaRef}
        value={value}
        rows={props.rows ?? 3}
        placeholder={props.placeholder}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={props.onKeyDown}
        aria-describedby={errorId ? `${counterId} ${errorId}` : counterId}
        aria-invalid={isTooLong}
        className="mt-1 block w-full resize-y rounded-xl border border-zinc-300 bg-white px-3 py-2.5 text-sm text-zinc-900 placeholder:text-zinc-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-400"
      />
      <p
        id={counterId}
        className={`mt-1 text-right text-xs tabular-nums ${isTooLong ? "font-semibold text-rose-700 dark:text-rose-300" : "text-zinc-500 dark:text-zinc-400"}`}
      >
        <span className="sr-only">Characters used: </span>
        {value.length.toLocaleString("en-US")}/{maxLength.toLocaleString("en-US")}
      </p>
    </div>
  );
}

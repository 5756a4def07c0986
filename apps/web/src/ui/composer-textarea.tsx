import type { ComposerText } from "./use-composer-text";

export interface ComposerTextareaProps {
  id: string;
  /** The screen-reader label. */
  label: string;
  placeholder: string;
  describedBy: string;
  composer: ComposerText;
}

/** The growing message box of a chat composer, wired to `useComposerText`. */
export function ComposerTextarea({ id, label, placeholder, describedBy, composer }: ComposerTextareaProps) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        ref={composer.inputRef}
        rows={1}
        value={composer.text}
        onChange={(event) => composer.change(event.target.value)}
        onKeyDown={composer.keyDown}
        onBlur={composer.blur}
        placeholder={placeholder}
        aria-describedby={describedBy}
        aria-invalid={composer.isTooLong}
        className="max-h-40 min-h-11 min-w-0 flex-1 resize-none rounded-xl border border-zinc-300 bg-white px-3 py-2.5 text-sm text-zinc-900 placeholder:text-zinc-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-400"
      />
    </>
  );
}

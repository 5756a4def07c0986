import { SendHorizontal } from "lucide-react";
import { useT } from "../lib/i18n/use-t";

/** The chat composers' square gradient "Send message" submit button. */
export function SendButton({ disabled }: { disabled: boolean }) {
  const t = useT();
  return (
    <button
      type="submit"
      aria-label={t("composer.send")}
      disabled={disabled}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-r from-rose-600 to-fuchsia-600 text-white hover:from-rose-700 hover:to-fuchsia-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 dark:focus-visible:ring-offset-zinc-900"
    >
      <SendHorizontal aria-hidden="true" className="size-5 rtl:-scale-x-100" />
    </button>
  );
}

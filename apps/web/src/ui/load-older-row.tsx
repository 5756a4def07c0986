import { useT } from "../lib/i18n/use-t";
import { Spinner } from "./spinner";

export interface LoadOlderRowProps {
  isLoading: boolean;
  onLoad: () => void;
}

/** The first row of a chat log with more history: a spinner while loading, else "Load older messages". */
export function LoadOlderRow({ isLoading, onLoad }: LoadOlderRowProps) {
  const t = useT();
  return (
    <li className="flex justify-center py-2">
      {isLoading ? (
        <Spinner label={t("chat.olderLoading")} />
      ) : (
        <button
          type="button"
          onClick={onLoad}
          className="rounded-full px-3 py-1 text-xs font-medium text-zinc-600 hover:bg-zinc-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:bg-zinc-800"
        >
          {t("chat.olderLoad")}
        </button>
      )}
    </li>
  );
}

import { useT } from "../lib/i18n/use-t";
import { Spinner } from "./spinner";

/** spec §2 Pages load lazily with a spinner. */
export function PageSpinner() {
  const t = useT();
  return (
    <div className="flex min-h-[50dvh] items-center justify-center px-4 py-16">
      <Spinner label={t("page.loading")} size="lg" />
    </div>
  );
}

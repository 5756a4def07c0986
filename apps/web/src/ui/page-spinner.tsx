import { translate } from "../lib/i18n/i18n";
import { Spinner } from "./spinner";

/** spec §2 Pages load lazily with a spinner. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50dvh] items-center justify-center px-4 py-16">
      <Spinner label={translate("page.loading")} size="lg" />
    </div>
  );
}

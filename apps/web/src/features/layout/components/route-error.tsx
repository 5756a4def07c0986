import { Link, useRouteError } from "react-router";
import { useT } from "../../../lib/i18n/use-t";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button, buttonClasses } from "../../../ui/button";
import { ReloadIcon } from "../../../ui/shell-icons";

/**
 * Shown when a route fails to render or its module fails to load (typically a stale tab after a
 * deploy): offer a reload instead of a blank page.
 */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  useDocumentTitle(t("layout.error.title"));
  const isChunkError = error instanceof TypeError && /import|module/i.test(error.message);
  return (
    <main className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100">
        {t("layout.error.title")}
      </h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        {isChunkError ? t("layout.error.newVersion") : t("layout.error.text")}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <ReloadIcon className="size-4" />
          {t("layout.error.reload")}
        </Button>
        <Link to="/" className={buttonClasses("secondary")}>
          {t("layout.notFound.goHome")}
        </Link>
      </div>
    </main>
  );
}

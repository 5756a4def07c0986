import { Link, useRouteError } from "react-router";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button, buttonClasses } from "../../../ui/button";
import { ReloadIcon } from "../../../ui/shell-icons";

/**
 * Shown when a route fails to render or its module fails to load (typically a stale tab after a
 * deploy): offer a reload instead of a blank page.
 */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle("Something went wrong");
  const isChunkError = error instanceof TypeError && /import|module/i.test(error.message);
  return (
    <main className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100">
        Something went wrong
      </h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        {isChunkError
          ? "A newer version of Heartline is available. Reload the page to continue."
          : "This page could not be shown. Reloading usually helps."}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <ReloadIcon className="size-4" />
          Reload page
        </Button>
        <Link to="/" className={buttonClasses("secondary")}>
          Go home
        </Link>
      </div>
    </main>
  );
}

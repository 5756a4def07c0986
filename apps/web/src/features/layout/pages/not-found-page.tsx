import { Compass } from "lucide-react";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { LinkButton } from "../../../ui/link-button";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-rose-100 text-rose-600 dark:bg-rose-950/60 dark:text-rose-400">
        <Compass aria-hidden="true" className="size-8" />
      </span>
      <p className="text-sm font-semibold tracking-wider text-rose-600 uppercase dark:text-rose-400">
        Error 404
      </p>
      <h1 className="text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-100">
        Page not found
      </h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        We couldn't find that page. It may have moved, or the link may be mistyped.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <LinkButton to="/">Go home</LinkButton>
        <LinkButton to="/chat" variant="secondary">
          Start Chatting
        </LinkButton>
      </div>
    </div>
  );
}

import { Compass } from "lucide-react";
import { useT } from "../../../lib/i18n/use-t";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { LinkButton } from "../../../ui/link-button";

export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t("layout.notFound.title"));
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-rose-100 text-rose-600 dark:bg-rose-950/60 dark:text-rose-400">
        <Compass aria-hidden="true" className="size-8" />
      </span>
      <p className="text-sm font-semibold tracking-wider text-rose-600 uppercase dark:text-rose-400">
        {t("layout.notFound.eyebrow")}
      </p>
      <h1 className="text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-100">
        {t("layout.notFound.title")}
      </h1>
      <p className="text-zinc-600 dark:text-zinc-400">{t("layout.notFound.text")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <LinkButton to="/">{t("layout.notFound.goHome")}</LinkButton>
        <LinkButton to="/chat" variant="secondary">
          {t("layout.startChatting")}
        </LinkButton>
      </div>
    </div>
  );
}

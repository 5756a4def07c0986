import { useT } from "../../../lib/i18n/use-t";
import { LogoMark } from "../../../ui/logo";

/** spec §2 The start-up loading screen (about 0.5 s), also shown while the first page module loads. */
export function LoadingScreen() {
  const t = useT();
  return (
    <div
      data-testid="loading-screen"
      role="status"
      aria-label={t("layout.loading")}
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-zinc-50 dark:bg-zinc-950"
    >
      <span className="animate-pulse">
        <LogoMark size="lg" />
      </span>
      <span
        aria-hidden="true"
        className="bg-gradient-to-r from-rose-600 to-fuchsia-600 bg-clip-text text-2xl font-extrabold tracking-tight text-transparent dark:from-rose-400 dark:to-fuchsia-400"
      >
        Heartline
      </span>
    </div>
  );
}

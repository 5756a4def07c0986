import { MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { useT } from "../../../lib/i18n/use-t";

/** spec §2 Home page: a closing Start Chatting call to action. */
export function ClosingCtaSection() {
  const t = useT();
  return (
    <section aria-labelledby="home-cta-heading" className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
      <div className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-rose-600 via-fuchsia-600 to-violet-700 px-6 py-14 text-center shadow-xl shadow-rose-500/20 sm:px-12">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(30rem_15rem_at_50%_0%,rgb(255_255_255/0.18),transparent)]"
        />
        <h2 id="home-cta-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {t("home.cta.title")}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-rose-50">{t("home.cta.text")}</p>
        <Link
          to="/chat"
          className="mt-8 inline-flex h-13 items-center justify-center gap-2 rounded-xl bg-white px-7 text-base font-semibold text-rose-700 shadow-sm transition-colors hover:bg-rose-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-fuchsia-600"
        >
          <MessageCircle aria-hidden="true" className="size-5" />
          {t("layout.startChatting")}
        </Link>
      </div>
    </section>
  );
}

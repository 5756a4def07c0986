import { DEMO_STATS } from "@heartline/shared";
import { MessageCircle, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { formatCount } from "../../../lib/format-count";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { buttonClasses } from "../../../ui/button";
import { Island } from "../../../ui/island";
import { DemoChat } from "./demo-chat";
import { JoinChatRoomButton } from "./join-chat-room-button";

/** spec §1 Landing figures: 2,345 online, 99% success, 24/7 (static, like every landing number). */
const STATS = [
  { value: DEMO_STATS.online, label: "home.stats.online" },
  { value: DEMO_STATS.successRate, label: "home.stats.success" },
  { value: DEMO_STATS.availability, label: "home.stats.alwaysOpen" },
] as const;

/** spec §2 Home page: hero with Start Chatting, Join Chat Room and a decorative chat preview. */
export function HeroSection() {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="home-hero-heading" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_80%_-10%,rgb(244_63_94/0.16),transparent),radial-gradient(40rem_30rem_at_0%_10%,rgb(192_38_211/0.12),transparent)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:pt-24 lg:pb-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-rose-200 bg-rose-50 px-3 py-1 text-xs font-semibold text-rose-700 dark:border-rose-500/30 dark:bg-rose-500/10 dark:text-rose-300">
            <ShieldCheck aria-hidden="true" className="size-4" />
            {t("home.hero.badge")}
          </p>
          <h1
            id="home-hero-heading"
            className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-zinc-900 sm:text-5xl lg:text-6xl dark:text-zinc-50"
          >
            {t("home.hero.title1")}{" "}
            <span className="block bg-gradient-to-r from-rose-500 via-fuchsia-500 to-violet-500 bg-clip-text text-transparent">
              {t("home.hero.title2")}
            </span>
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg text-pretty text-zinc-600 lg:mx-0 dark:text-zinc-400">
            {t("home.hero.text")}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Link to="/chat" className={buttonClasses("primary", "lg")}>
              <MessageCircle aria-hidden="true" className="size-5" />
              {t("layout.startChatting")}
            </Link>
            <Island name="join-chat-room">
              <JoinChatRoomButton />
            </Island>
          </div>
          <dl className="mx-auto mt-10 grid max-w-md grid-cols-3 gap-4 lg:mx-0">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse">
                <dt className="text-xs text-zinc-500 sm:text-sm dark:text-zinc-400">{t(stat.label)}</dt>
                <dd className="text-2xl font-bold tabular-nums text-zinc-900 sm:text-3xl dark:text-zinc-50">
                  {typeof stat.value === "number" ? formatCount(stat.value, locale) : stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="relative mx-auto w-full max-w-md">
          <div
            aria-hidden="true"
            className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-rose-500/20 via-fuchsia-500/15 to-violet-500/20 blur-2xl"
          />
          <Island name="demo-chat">
            <DemoChat />
          </Island>
        </div>
      </div>
    </section>
  );
}

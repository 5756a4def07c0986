import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { useT } from "../../../lib/i18n/use-t";
import { LeaderboardList } from "../../leaderboard";
import { SAMPLE_LEADERBOARD } from "../sample-data";
import { SampleDataBadge } from "./demo-badge";
import { SectionHeading } from "./section-heading";

/** spec §2 Home page: Leaderboard top #10, filled with sample entries (spec §1). */
export function LeaderboardPreviewSection() {
  const t = useT();
  return (
    <section
      aria-labelledby="home-leaderboard-heading"
      className="bg-zinc-50 py-16 sm:py-24 dark:bg-zinc-900/40"
    >
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading
          id="home-leaderboard-heading"
          eyebrow={t("home.leaderboard.eyebrow")}
          title={t("home.leaderboard.title")}
          aside={<SampleDataBadge />}
        >
          {t("home.leaderboard.text")}
        </SectionHeading>
        <div className="mx-auto mt-10 max-w-2xl">
          <LeaderboardList entries={SAMPLE_LEADERBOARD} label={t("home.leaderboard.list")} />
          <p className="mt-6 text-center">
            <Link
              to="/leaderboard"
              className="inline-flex items-center gap-1.5 rounded-lg font-semibold text-rose-600 hover:text-rose-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-rose-400 dark:hover:text-rose-300"
            >
              {t("home.leaderboard.seeAll")}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}

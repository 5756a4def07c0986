import { useEffect } from "react";
import { useT } from "../../../lib/i18n/use-t";
import { ClosingCtaSection } from "../components/closing-cta-section";
import { ConfessionWallSection } from "../components/confession-wall-section";
import { FeatureGridSection } from "../components/feature-grid-section";
import { HeroSection } from "../components/hero-section";
import { LeaderboardPreviewSection } from "../components/leaderboard-preview-section";
import { NewFeaturesSection } from "../components/new-features-section";

/** spec §2 Home page: the landing page, static sample data only (spec §1). */
export function HomePage() {
  const t = useT();
  // The home page's own title (the shell's, in the page's language); every other page uses "<Page> · Heartline".
  const title = t("meta.title");
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <>
      <HeroSection />
      {/* Below the fold on every screen: the browser lays it out and paints it once it comes near the
          viewport rather than with the first frame (issue #36: the landing page's first style and
          layout took 350-460 ms of a phone's slowed main thread). Its own column, as the page's is. */}
      <div className="flex flex-col [contain-intrinsic-size:auto_240rem] [content-visibility:auto]">
        <NewFeaturesSection />
        <LeaderboardPreviewSection />
        <ConfessionWallSection />
        <FeatureGridSection />
        <ClosingCtaSection />
      </div>
    </>
  );
}

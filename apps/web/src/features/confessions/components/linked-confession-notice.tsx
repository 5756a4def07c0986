import type { ConfessionReaction, ConfessionView } from "@heartline/shared";
import { SearchX } from "lucide-react";
import type { ConfessionReportSubject } from "../api/report-confession";
import type { LinkedConfession } from "../api/use-linked-confession";
import { ConfessionCard } from "./confession-card";

export interface LinkedConfessionNoticeProps {
  linked: LinkedConfession;
  onReact: (confession: ConfessionView, emoji: ConfessionReaction) => void;
  onReport: (subject: ConfessionReportSubject) => void;
  onDelete: (confession: ConfessionView) => void;
}

/**
 * Issue #40: above the feed, the confession a link named when the loaded feed does not have it (fetched
 * alone), or why it cannot be shown. Nothing while it is in the feed (highlighted there) or loading.
 */
export function LinkedConfessionNotice({ linked, onReact, onReport, onDelete }: LinkedConfessionNoticeProps) {
  if (linked.state === "fetched") {
    return (
      <section aria-labelledby="linked-confession-label" className="mt-3">
        {/* Said on screen too: an older confession sits above the newest ones. */}
        <p
          id="linked-confession-label"
          className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400"
        >
          The confession you were sent to
        </p>
        <ConfessionCard
          confession={linked.confession}
          onReact={onReact}
          onReport={onReport}
          onDelete={onDelete}
          isLinked
        />
      </section>
    );
  }
  if (linked.state !== "gone" && linked.state !== "error") return null;
  return (
    <p
      role="status"
      data-testid="linked-confession-gone"
      className="mt-3 flex items-center gap-2 rounded-2xl border border-zinc-200 bg-zinc-50 p-4 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
    >
      <SearchX aria-hidden="true" className="size-5 shrink-0 text-zinc-500 dark:text-zinc-400" />
      {linked.state === "gone" ? "This confession is no longer on the wall." : linked.message}
    </p>
  );
}

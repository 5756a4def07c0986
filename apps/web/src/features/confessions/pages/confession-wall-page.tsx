import "../../../lib/zod-csp";
import type { ConfessionReaction, ConfessionSort, ConfessionView } from "@heartline/shared";
import { useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useSearchParams } from "react-router";
import { useAppSocket } from "../../../lib/socket";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Card } from "../../../ui/card";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import type { ConfessionReportSubject } from "../api/report-confession";
import { useConfessionFeed } from "../api/use-confession-feed";
import { useDeleteConfession } from "../api/use-delete-confession";
import { useLinkedConfession } from "../api/use-linked-confession";
import { useLoadNewConfessions } from "../api/use-load-new-confessions";
import { useReactToConfession } from "../api/use-react-to-confession";
import { ConfessionComposer } from "../components/confession-composer";
import { ConfessionFeedList } from "../components/confession-feed-list";
import { LinkedConfessionNotice } from "../components/linked-confession-notice";
import { NewConfessionsBanner } from "../components/new-confessions-banner";
import { ReportConfessionDialog } from "../components/report-confession-dialog";
import { SortSwitch } from "../components/sort-switch";
import { useConfessionWallEvents } from "../hooks/use-confession-wall-events";
import { useConfirmedDelete } from "../hooks/use-confirmed-delete";
import { unseenCount } from "../state/feed-state";
import { nextReaction } from "../state/reaction-state";

/** /group-chat/confession-wall (spec §1, §2; issue #13): anonymous confessions, reactions, comments. */
export function ConfessionWallPage() {
  useDocumentTitle("Confession wall");
  const [sort, setSort] = useState<ConfessionSort>("new");
  const feed = useConfessionFeed(sort);
  const { announced, forgetAnnounced } = useConfessionWallEvents(useAppSocket());
  const loadNew = useLoadNewConfessions();
  const react = useReactToConfession();
  const confirmDelete = useConfirmedDelete<ConfessionView>(useDeleteConfession());
  const [toReport, setToReport] = useState<ConfessionReportSubject | null>(null);
  const feedTopRef = useRef<HTMLHeadingElement>(null);
  // Issue #40: `?confession=<id>` (a comment's notification) names the one to show.
  const [searchParams] = useSearchParams();
  const linked = useLinkedConfession(searchParams.get("confession"), feed);

  const newCount = sort === "new" ? unseenCount(announced, feed.data) : 0;
  const showNew = () => {
    // Those announced while the page loads stay on the banner for the next tap.
    const shown = announced;
    loadNew.mutate(undefined, {
      onSuccess: () => {
        forgetAnnounced(shown);
        feedTopRef.current?.scrollIntoView({ block: "start" });
        feedTopRef.current?.focus({ preventScroll: true });
      },
      onError: (error) => toast.error(error.message),
    });
  };
  // issue #38: on an empty wall the new ones simply appear, instead of a pill over "No confessions yet".
  const isWallEmpty = feed.data !== undefined && feed.confessions.length === 0;
  const shouldShowNewAtOnce = isWallEmpty && newCount > 0 && !loadNew.isPending;
  useEffect(() => {
    if (!shouldShowNewAtOnce) return;
    const shown = announced;
    loadNew.mutate(undefined, { onSuccess: () => forgetAnnounced(shown) });
  }, [shouldShowNewAtOnce, announced, loadNew, forgetAnnounced]);
  const onReact = (confession: ConfessionView, emoji: ConfessionReaction) =>
    react.mutate({ id: confession.id, reaction: nextReaction(confession.myReaction, emoji) });

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100">Confession wall</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Say it without a name. Nobody here, not even in the comments, can see who wrote what.
      </p>
      <Card className="mt-5 p-4 sm:p-5">
        {/* A new post is at the top of "New": a reader on a Top view is taken there to see it. */}
        <ConfessionComposer onPosted={() => setSort("new")} />
      </Card>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h2 ref={feedTopRef} tabIndex={-1} className="scroll-mt-4 text-lg font-semibold focus:outline-none">
          Confessions
        </h2>
        <SortSwitch sort={sort} onSort={setSort} />
      </div>
      <NewConfessionsBanner
        count={isWallEmpty ? 0 : newCount}
        isLoading={loadNew.isPending}
        onShow={showNew}
      />
      <LinkedConfessionNotice
        linked={linked}
        onReact={onReact}
        onReport={setToReport}
        onDelete={confirmDelete.ask}
      />
      <div className="mt-3">
        <ConfessionFeedList
          feed={feed}
          onReact={onReact}
          onReport={setToReport}
          onDelete={confirmDelete.ask}
          linkedId={linked.state === "in-feed" ? linked.id : null}
        />
      </div>
      <ReportConfessionDialog subject={toReport} onClose={() => setToReport(null)} />
      <ConfirmDialog
        {...confirmDelete.dialog}
        title="Delete your confession?"
        description="It disappears for everyone, with its comments and reactions. This cannot be undone."
        confirmLabel="Delete"
      />
    </div>
  );
}

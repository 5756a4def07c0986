import {
  type AdminReportRecord,
  MESSAGING_SUCCESS_TOAST_DURATION_MS,
  userUnbannedMessage,
} from "@heartline/shared";
import { ShieldAlert } from "lucide-react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import { useAppSocket } from "../../../lib/socket";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { buttonClasses } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useSession } from "../../accounts";
import { useBans, useBanUser, useUnban } from "../api/bans";
import { useMutes, useMuteUser, useUnmute } from "../api/mutes";
import { useOpenReportTargets } from "../api/report-targets";
import { type ReportDecision, type ReportQueueAction, useDecideReport } from "../api/reports";
import { BannedList, MutedList } from "../components/moderation-lists";
import { ReportQueue } from "../components/report-queue";
import { UsernameActionForm } from "../components/username-action-form";
import { useModerationEvents } from "../hooks/use-moderation-events";

function errorText(error: unknown): string | null {
  return error instanceof Error ? error.message : null;
}

/** Banning or muting someone already banned or muted changes nothing, and says so. */
function announceOutcome(username: string, state: "banned" | "muted", isNew: boolean) {
  toast.success(isNew ? `${username} has been ${state}` : `${username} is already ${state}`);
}

/** What everyone but an admin sees at /group-chat/admin (spec §6: admin pages are for admins). */
function AdminRefusal() {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12">
      <Card className="text-center">
        <ShieldAlert aria-hidden="true" className="mx-auto size-10 text-rose-600 dark:text-rose-400" />
        <h1 className="mt-3 text-xl font-bold">Admins only</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          This area is for Heartline's moderators. If you need help, report a message or a user from the group
          chat.
        </p>
        <Link to="/group-chat" className={`${buttonClasses("primary", "md")} mt-6`}>
          Back to the group chat
        </Link>
      </Card>
    </div>
  );
}

/** /group-chat/admin (spec §2, §6): bans, mutes and the report queue, for admins only. */
export function AdminPage() {
  useDocumentTitle("Admin");
  const { user } = useSession();
  if (!user?.isAdmin) return <AdminRefusal />;
  return <AdminArea />;
}

function AdminArea() {
  useModerationEvents(useAppSocket());
  const bans = useBans();
  const mutes = useMutes();
  const reports = useOpenReportTargets();
  const banUser = useBanUser();
  const muteUser = useMuteUser();
  const unban = useUnban();
  const unmute = useUnmute();
  const decideReport = useDecideReport();
  const busyReport = decideReport.isPending ? (decideReport.variables?.report.id ?? null) : null;

  // mutateAsync, not mutate, throughout: mutate's own callbacks fire for the latest call only, and each
  // admin action here keeps its own toast when two overlap.
  const decide = (decision: ReportDecision, done: string) =>
    void decideReport.mutateAsync(decision).then(
      () => toast.success(done),
      (error: unknown) => toast.error(errorText(error) ?? "Could not update the report."),
    );
  const act = (report: AdminReportRecord, action: ReportQueueAction) => {
    const who = report.targetUsername ?? "The user";
    const done = {
      ban: `${who} has been banned`,
      mute: `${who} has been muted`,
      "delete-message":
        report.context === "confession" ? "Removed from the confession wall" : "Message deleted",
      "allow-image": "Image allowed: it is no longer blurred",
    }[action];
    decide({ report, action }, done);
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100">Admin</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Bans and mutes apply at once on every device. Banning someone already banned changes nothing.{" "}
          <Link className="underline" to="/group-chat/admin/automod">
            AutoMod rules
          </Link>
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card as="section" aria-label="Bans" className="space-y-6">
          <UsernameActionForm
            action="Ban"
            description="Bans keep the user out of the group chat, also as a new guest from the same browser."
            onSubmit={async (input) => {
              const result = await banUser.mutateAsync(input);
              announceOutcome(result.ban.username, "banned", result.created);
            }}
          />
          <BannedList
            bans={bans.data?.bans}
            error={errorText(bans.error)}
            onUnban={(ban) =>
              void unban.mutateAsync(ban.userId).then(
                () =>
                  toast.success(userUnbannedMessage(ban.username), {
                    duration: MESSAGING_SUCCESS_TOAST_DURATION_MS,
                  }),
                (error: unknown) => toast.error(errorText(error) ?? "Could not unban."),
              )
            }
          />
        </Card>
        <Card as="section" aria-label="Mutes" className="space-y-6">
          <UsernameActionForm
            action="Mute"
            description="Muted users stay in the room but cannot post; they see the reason."
            onSubmit={async (input) => {
              const result = await muteUser.mutateAsync(input);
              announceOutcome(result.mute.username, "muted", result.created);
            }}
          />
          <MutedList
            mutes={mutes.data?.mutes}
            error={errorText(mutes.error)}
            onUnmute={(mute) =>
              void unmute.mutateAsync(mute).then(
                () => toast.success(`${mute.username} has been unmuted`),
                (error: unknown) => toast.error(errorText(error) ?? "Could not unmute."),
              )
            }
          />
        </Card>
      </div>
      <Card as="section" aria-labelledby="report-queue-heading">
        <h2 id="report-queue-heading" className="mb-4 text-lg font-semibold">
          Report queue{" "}
          {reports.targets ? (
            <span className="font-normal text-zinc-500 dark:text-zinc-400">
              ({reports.targets.length}
              {reports.hasNextPage ? "+" : ""} {reports.targets.length === 1 ? "user" : "users"})
            </span>
          ) : null}
        </h2>
        <ReportQueue
          targets={reports.targets}
          error={errorText(reports.error)}
          busyId={busyReport}
          hasMore={reports.hasNextPage}
          isLoadingMore={reports.isFetchingNextPage}
          onLoadMore={() => void reports.fetchNextPage()}
          onDismiss={(report) => decide({ report, action: "dismiss" }, "Report dismissed")}
          onAct={act}
        />
      </Card>
    </div>
  );
}

import type { DirectMessage } from "@heartline/shared";
import { Info } from "lucide-react";
import { useMemo } from "react";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { type GroupableMessage, runPositions } from "../../../lib/message-grouping";
import { MessageLog } from "../../chat-pipeline";
import { dmErrorText } from "../dm-server-texts";
import { withDaySeparators } from "../state/day-separators";
import type { ThreadEntry } from "../state/thread-entries";
import { DmMessageItem } from "./dm-message-item";

export interface DmMessageListProps {
  entries: readonly ThreadEntry[];
  myId: string;
  partnerId: string;
  partnerName: string;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
  onReply: (message: DirectMessage) => void;
  onRetry: (id: string) => void;
}

/** A row as a run sees it: a message (mine while pending) or nothing (day separators, system lines). */
function groupableOf(entry: ThreadEntry, myId: string): GroupableMessage | undefined {
  if (entry.kind === "pending") {
    return { senderId: myId, timestamp: entry.timestamp, replyTo: entry.entry.replyTo };
  }
  if (entry.kind !== "message" || entry.message.type === "system") return undefined;
  return entry.message;
}

/**
 * The thread in the chats' log, with a separator per day: older pages load from the top, new messages
 * are followed only from the bottom (or mine, while pending).
 */
export function DmMessageList({
  entries,
  myId,
  partnerId,
  partnerName,
  hasOlder,
  isLoadingOlder,
  onLoadOlder,
  onReply,
  onRetry,
}: DmMessageListProps) {
  const t = useT();
  const locale = useLocale();
  const items = useMemo(
    () => withDaySeparators(entries, (entry) => entry.key, Date.now(), locale),
    [entries, locale],
  );
  // issue #14: one sender's consecutive messages sit together as a run.
  const runs = useMemo(
    () =>
      runPositions(items.map((item) => (item.kind === "day" ? undefined : groupableOf(item.entry, myId)))),
    [items, myId],
  );
  const rowKeys = useMemo(() => entries.map((entry) => entry.key), [entries]);

  return (
    <MessageLog
      label={t("dm.thread.label", { name: partnerName })}
      testId="dm-thread"
      rowKeys={rowKeys}
      isLastOwn={entries.at(-1)?.kind === "pending"}
      history={{
        hasOlder,
        isLoadingOlder,
        onLoadOlder,
        startText: t("dm.thread.start", { name: partnerName }),
        emptyTitle: t("group.empty.title"),
        emptyText: t("dm.thread.sayHello", { name: partnerName }),
      }}
      className="px-3 py-4 sm:px-5"
      listClassName="space-y-1.5"
    >
      {items.map((item, index) => {
        if (item.kind === "day") {
          return (
            <li
              key={item.key}
              data-testid="day-separator"
              className="flex items-center gap-3 py-2"
              aria-label={item.label}
            >
              <span aria-hidden="true" className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
              <span className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{item.label}</span>
              <span aria-hidden="true" className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
            </li>
          );
        }
        const { entry } = item;
        if (entry.kind === "system") {
          return (
            <li key={entry.key} data-testid="dm-system-line" className="flex justify-center py-1">
              <p className="inline-flex max-w-md items-start gap-1.5 rounded-xl bg-zinc-100 px-3 py-1.5 text-center text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                <Info aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                {dmErrorText({ message: entry.line.text })}
              </p>
            </li>
          );
        }
        const message = entry.kind === "message" ? entry.message : null;
        const pending = entry.kind === "pending" ? entry.entry : null;
        return (
          <DmMessageItem
            key={entry.key}
            message={message}
            pending={pending}
            isOwn={pending !== null || message?.senderId === myId}
            partnerId={partnerId}
            partnerName={partnerName}
            run={runs[index]}
            onReply={onReply}
            onRetry={onRetry}
          />
        );
      })}
    </MessageLog>
  );
}

import type { PresenceStatus } from "@heartline/shared";
import type { MessageId } from "../lib/i18n/catalogs";

const COLOUR: Record<PresenceStatus, string> = {
  online: "bg-emerald-500",
  away: "bg-amber-400",
  offline: "bg-zinc-400 dark:bg-zinc-600",
};

export const PRESENCE_LABEL: Record<PresenceStatus, string> = {
  online: "Online",
  away: "Away",
  offline: "Offline",
};

/** The same words from the catalogs (issue #39). */
export const PRESENCE_LABEL_IDS: Record<PresenceStatus, MessageId> = {
  online: "group.people.onlineStatus",
  away: "group.people.away",
  offline: "presence.offline",
};

/** The coloured dot on an avatar's corner (spec §4 Presence); the text status sits next to it for readers. */
export function PresenceDot({ status, className = "" }: { status: PresenceStatus; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-status={status}
      className={`absolute -end-0.5 -bottom-0.5 size-3 rounded-full border-2 border-white dark:border-zinc-900 ${COLOUR[status]} ${className}`}
    />
  );
}

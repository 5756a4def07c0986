import type { AdminMuteRecord, BannedUserRecord } from "@heartline/shared";
import type { ReactNode } from "react";
import { lazyDateTimeFormat } from "../../../lib/lazy-intl";
import { Button } from "../../../ui/button";

const DATE = lazyDateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

interface ListFrameProps {
  title: string;
  count: number | null;
  error: string | null;
  empty: string;
  children: ReactNode;
}

function ListFrame({ title, count, error, empty, children }: ListFrameProps) {
  return (
    <div>
      <h3 className="font-semibold">
        {title}{" "}
        {count !== null ? (
          <span className="font-normal text-zinc-500 dark:text-zinc-400">({count})</span>
        ) : null}
      </h3>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : count === 0 ? (
        <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-zinc-200 dark:divide-zinc-800">{children}</ul>
      )}
    </div>
  );
}

function Row({ name, detail, action }: { name: string; detail: string; action: ReactNode }) {
  return (
    <li className="flex items-center gap-3 py-2.5">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{name}</p>
        <p className="text-xs break-words text-zinc-500 dark:text-zinc-400">{detail}</p>
      </div>
      {action}
    </li>
  );
}

export interface BannedListProps {
  bans: readonly BannedUserRecord[] | undefined;
  error: string | null;
  onUnban: (ban: BannedUserRecord) => void;
}

/** spec §6 The banned list: the latest 50 by time, live. */
export function BannedList({ bans, error, onUnban }: BannedListProps) {
  return (
    <ListFrame title="Banned users" count={bans?.length ?? null} error={error} empty="Nobody is banned.">
      {bans?.map((ban) => (
        <Row
          key={`${ban.userId}-${ban.username}`}
          name={ban.username}
          detail={`By ${ban.bannedBy} · ${DATE.format(ban.bannedAt)}${ban.reason ? ` · ${ban.reason}` : ""}`}
          action={
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onUnban(ban)}
              aria-label={`Unban ${ban.username}`}
            >
              Unban
            </Button>
          }
        />
      ))}
    </ListFrame>
  );
}

export interface MutedListProps {
  mutes: readonly AdminMuteRecord[] | undefined;
  error: string | null;
  onUnmute: (mute: AdminMuteRecord) => void;
}

export function MutedList({ mutes, error, onUnmute }: MutedListProps) {
  return (
    <ListFrame title="Muted users" count={mutes?.length ?? null} error={error} empty="Nobody is muted.">
      {mutes?.map((mute) => (
        <Row
          key={mute.userId}
          name={mute.username}
          detail={`By ${mute.mutedBy} · ${DATE.format(mute.mutedAt)}${mute.expiresAt ? ` · ends ${DATE.format(mute.expiresAt)}` : ""}${mute.reason ? ` · ${mute.reason}` : ""}`}
          action={
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onUnmute(mute)}
              aria-label={`Unmute ${mute.username}`}
            >
              Unmute
            </Button>
          }
        />
      ))}
    </ListFrame>
  );
}

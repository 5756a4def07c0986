import type { NotificationItem } from "@heartline/shared";
import { Bell } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { formatBareCount } from "../../../lib/format-bare-count";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { relativeTime } from "../../../lib/relative-time";
import { useAppSocket } from "../../../lib/socket";
import { useAppNavigate } from "../../../ui/app-navigate";
import { CountBadge } from "../../../ui/count-badge";
import { useMarkNotificationsRead, useNotificationInbox } from "../api/use-notification-inbox";
import { useNotificationEvents } from "../hooks/use-notification-events";
import { useOpenFromNotification } from "../hooks/use-open-from-notification";
import { notificationTitle } from "../notification-texts";

const BUTTON =
  "relative inline-flex size-9 items-center justify-center rounded-lg text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white";

/**
 * Issue #40: the inbox in the group chat header, a bell with the unread count. Opens a panel of the
 * newest items; choosing one marks it read and opens its thread.
 */
export function NotificationBell() {
  const socket = useAppSocket();
  useNotificationEvents(socket, true);
  const inbox = useNotificationInbox(true);
  const markRead = useMarkNotificationsRead();
  const navigate = useAppNavigate();
  useOpenFromNotification(navigate);
  const [isOpen, setOpen] = useState(false);
  const t = useT();
  const locale = useLocale();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = inbox.data?.unreadCount ?? 0;
  const items = inbox.data?.items ?? [];

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [isOpen]);

  const open = (item: NotificationItem) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    setOpen(false);
    navigate(item.url);
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className={BUTTON}
        aria-label={
          unread > 0
            ? t("notifications.bellUnread", { count: formatBareCount(unread, locale) })
            : t("notifications.title")
        }
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="notification-bell"
      >
        <Bell aria-hidden="true" className="size-5" />
        <CountBadge count={unread} label={t("notifications.unread")} className="absolute -top-1 -end-1" />
      </button>
      {isOpen ? (
        <section
          id={panelId}
          aria-label={t("notifications.title")}
          className="fixed inset-x-3 top-14 z-40 mt-2 overflow-hidden sm:absolute sm:inset-x-auto sm:top-auto sm:end-0 sm:w-[22rem] rounded-xl border border-zinc-200 bg-white shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="flex items-center justify-between border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
            <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
              {t("notifications.title")}
            </h2>
            <button
              type="button"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
              className="rounded-md px-2 py-1 text-xs font-medium text-rose-700 hover:bg-rose-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 disabled:text-zinc-500 disabled:hover:bg-transparent dark:text-rose-300 dark:hover:bg-rose-950/60 dark:disabled:text-zinc-400"
            >
              {t("notifications.markAll")}
            </button>
          </div>
          {items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
              {inbox.isPending ? t("notifications.loading") : t("notifications.none")}
            </p>
          ) : (
            <ul className="max-h-[min(24rem,70dvh)] divide-y divide-zinc-100 overflow-y-auto dark:divide-zinc-800">
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => open(item)}
                    className="flex w-full items-start gap-3 px-4 py-3 text-start hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:outline-none dark:hover:bg-zinc-800/60 dark:focus-visible:bg-zinc-800/60"
                  >
                    <span
                      aria-hidden="true"
                      className={`mt-1.5 inline-block size-2 shrink-0 rounded-full ${item.read ? "bg-transparent" : "bg-rose-600"}`}
                    />
                    <span className="min-w-0 flex-1">
                      <span
                        className={`block text-sm ${item.read ? "text-zinc-700 dark:text-zinc-300" : "font-semibold text-zinc-900 dark:text-zinc-100"}`}
                      >
                        {notificationTitle(item)}
                        {item.count > 1 ? ` (${formatBareCount(item.count, locale)})` : ""}
                        {item.read ? "" : <span className="sr-only"> {t("notifications.unreadMark")}</span>}
                      </span>
                      {item.body ? (
                        <span className="mt-0.5 block truncate text-sm text-zinc-600 dark:text-zinc-400">
                          {item.body}
                        </span>
                      ) : null}
                      <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">
                        {relativeTime(item.at, Date.now(), locale)}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

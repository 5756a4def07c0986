import { NOTIFICATION_TEXTS, type NotificationItem } from "@heartline/shared";
import type { MessageId } from "../../lib/i18n/catalogs";
import { activeLocale, translate } from "../../lib/i18n/i18n";

/** The server's English titles (NOTIFICATION_TEXTS), each with the message that says it in another language. */
const TITLES: readonly {
  pattern: RegExp;
  id: MessageId;
  values: (match: RegExpExecArray) => Record<string, string>;
}[] = [
  {
    pattern: /^New message from (.+)$/,
    id: "notifications.newMessage",
    values: (m) => ({ name: m[1] ?? "" }),
  },
  {
    pattern: /^(.+) sent you a friend request$/,
    id: "friends.toast.incoming",
    values: (m) => ({ name: m[1] ?? "" }),
  },
  {
    pattern: /^(.+) accepted your friend request$/,
    id: "notifications.accepted",
    values: (m) => ({ name: m[1] ?? "" }),
  },
  {
    pattern: new RegExp(`^${NOTIFICATION_TEXTS.confessionComment}$`),
    id: "notifications.comment",
    values: () => ({}),
  },
  {
    pattern: new RegExp(`^${NOTIFICATION_TEXTS.commentReply}$`),
    id: "notifications.reply",
    values: () => ({}),
  },
  {
    pattern: /^Your 🔥 (\d+) with (.+) ends at midnight$/u,
    id: "notifications.streakEnding",
    values: (m) => ({ count: m[1] ?? "", name: m[2] ?? "" }),
  },
];

/**
 * Issue #39: an inbox item's title in the visitor's language. The server writes it in English (a push
 * shows it as it is); English shows it unchanged, another language its own sentence with the same name.
 */
export function notificationTitle(item: Pick<NotificationItem, "title">): string {
  if (activeLocale() === "en") return item.title;
  for (const { pattern, id, values } of TITLES) {
    const match = pattern.exec(item.title);
    if (match) return translate(id, values(match));
  }
  return item.title;
}

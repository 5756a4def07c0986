export { recordInboxItem } from "./inbox-store";
export type { MarkThreadRead } from "./mark-thread-read";
export type { NotificationEvent, Notify } from "./notification-event";
export {
  type CreateNotificationsOptions,
  createNotifications,
  type Notifications,
  type NotificationsOptions,
} from "./notifications";
export { claimStreakReminders, STREAK_REMINDER_LEAD_MS } from "./streak-reminders";

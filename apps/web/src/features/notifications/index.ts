/**
 * The notifications feature's public entry (issue #40): the group chat header shows the bell, the
 * settings page the section. Re-exports only.
 */
export { useConversationMute } from "./api/use-conversation-mute";
export { NotificationBell } from "./components/notification-bell";
export { NotificationSettingsSection } from "./components/notification-settings-section";

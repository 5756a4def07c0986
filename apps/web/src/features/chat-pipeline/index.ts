/**
 * The one message pipeline of the web's three chats (random chat, the group room, direct messages):
 * the outbox, the send with its ack and Retry, the composer and the log. Each chat gives only what
 * differs: its event and payload, where a stored copy goes, its notices and its rows. Re-exports only.
 */

export {
  type MessageSendEvent,
  type SendAckData,
  type SendOutcome,
  type SendPayload,
  sendWithAck,
} from "./api/send-with-ack";
export type { ComposerReply } from "./components/composer-reply-preview";
export type { ComposerImageOptions } from "./components/image-attach";
export { MessageComposer, type MessageComposerProps } from "./components/message-composer";
export { MessageLog, type MessageLogHistory, type MessageLogProps } from "./components/message-log";
export { type ImageSendOptions, useImageSend } from "./hooks/use-image-send";
export {
  type NewMessage,
  type OutboxSendActions,
  type OutboxSendOptions,
  refusalReason,
  useOutboxSend,
} from "./hooks/use-outbox-send";
export { useTypingAnnouncer } from "./hooks/use-typing-announcer";
export {
  addPending,
  createOutboxStore,
  markFailed,
  markRetrying,
  type OutboxDraft,
  type OutboxEntry,
  type OutboxState,
  type OutboxStore,
  removeEntry,
} from "./state/outbox";

/** The direct-messages feature's public entry: other features, the composition root and bench/ import only this. */
export { listConversations } from "./conversation-list";
export { createDirectMessageWriter, WRITER_LIMITS } from "./direct-message-writer";
export {
  type CreateDirectMessagesOptions,
  createDirectMessages,
  type DirectMessages,
} from "./direct-messages";
export { readDirectMessages } from "./dm-history";

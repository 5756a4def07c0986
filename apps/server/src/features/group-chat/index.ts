/** The group chat feature's public entry: other features and the composition root import only this. */

/** The group chat guard, shared with the confession wall (spec §2: the same people may use both). */
export { isGuestRow, requireGroupMember } from "./group-access";
export { type CreateGroupChatOptions, createGroupChat, type GroupChat } from "./group-chat";
export { type CreateGroupMessagesOptions, createGroupMessages } from "./group-messages";
/** The chat image pipeline, shared with direct messages (kind `dm`). */
export {
  blurredKeyOf,
  claimGroupUpload as claimChatUpload,
  storeGroupImage as storeChatImage,
} from "./group-uploads";

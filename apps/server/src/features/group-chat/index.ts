/** The group chat feature's public entry: other features and the composition root import only this. */
export { type CreateGroupChatOptions, createGroupChat, type GroupChat } from "./group-chat";
export { type CreateGroupMessagesOptions, createGroupMessages } from "./group-messages";
/** The chat image pipeline, shared with direct messages (kind `dm`). */
export { claimGroupUpload as claimChatUpload, storeGroupImage as storeChatImage } from "./group-uploads";

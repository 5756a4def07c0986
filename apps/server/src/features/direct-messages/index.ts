/** The direct-messages feature's public entry: other features and the composition root import only this. */
export {
  type CreateDirectMessagesOptions,
  createDirectMessages,
  type DirectMessages,
} from "./direct-messages";

/** The random chat's public entry: other features and the composition root import only this. */
export {
  type CreateRandomChatOptions,
  createRandomChat,
  type RandomChat,
  type RandomChatOptions,
} from "./random-chat";

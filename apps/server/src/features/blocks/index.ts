/** The blocks feature's public entry: other features and the composition root import only this. */
export { type CreateBlocksOptions, createBlocks } from "./blocks";
export type { BlocksDeps, FriendshipPort } from "./blocks-deps";

/** The blocks feature's public entry: other features and the composition root import only this. */
export { type BlockRelation, blockRelation, isBlockedEitherWay } from "./block-queries";
export { type BlocksRoutesOptions, blocksRoutes } from "./blocks.routes";
export type { BlocksDeps, FriendshipPort } from "./blocks-deps";

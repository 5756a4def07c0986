import type { SessionGuards } from "../accounts/index";
import type { Feature } from "../feature";
import { blocksRoutes } from "./blocks.routes";
import type { BlocksDeps } from "./blocks-deps";
import { removeBlocksOf } from "./remove-account";

export interface CreateBlocksOptions extends BlocksDeps {
  guards: SessionGuards;
}

/** Blocking (spec §4 Blocking): its routes, and the account's blocks either way at its deletion. */
export function createBlocks({ guards, ...deps }: CreateBlocksOptions): Feature {
  return { routes: blocksRoutes({ deps, guards }), removeAccount: removeBlocksOf };
}

/**
 * The direct-messages feature's public entry: what the group chat layout needs (the pushes, the unread
 * total). Its pages load lazily through the router. Re-exports only (vite marks entries side-effect free).
 */

export { useBlockedIds, useIsBlocked, useSetBlocked } from "./api/use-block";
export { useUnreadTotal } from "./api/use-conversations";
export { BlockConfirmDialog } from "./components/block-confirm-dialog";
export { useDmEvents } from "./hooks/use-dm-events";

/** The presence feature's public entry: how many people are online, and who. */
export { useOnlineCount } from "./api/use-online-count";
export { useOnlineList } from "./hooks/use-online-list";

/** The presence feature's public entry. */
export { type CreatePresenceOptions, createPresence, type Presence } from "./presence";

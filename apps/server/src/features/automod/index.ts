/** AutoMod's public entry (issue #15): the composition root and the talking features import only this. */
export { type Automod, type AutomodGate, type CreateAutomodOptions, createAutomod } from "./automod";
export type { ScreenMessageInput } from "./screen-message";

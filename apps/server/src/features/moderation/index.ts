/** The moderation feature's public entry: other features and the composition root import only this. */
export type { FileReportInput } from "./create-report";
export { type CreateModerationOptions, createModeration, type Moderation } from "./moderation";
export type { BanSubject } from "./moderation-checks";
export type { BanEvent, ConfessionContentPort, GroupMessagesPort } from "./moderation-deps";
export { muteInForce, type Standing } from "./standing-cache";

export * from "./auth";
export * from "./group-chat";
export * from "./moderation";
export * from "./page-views";
export * from "./reports";

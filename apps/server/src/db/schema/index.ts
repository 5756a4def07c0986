export * from "./auth";
export * from "./deleted-users";
export * from "./direct-messages";
export * from "./friend-requests";
export * from "./page-views";
export * from "./reports";
export * from "./uploads";
export * from "./user-blocks";

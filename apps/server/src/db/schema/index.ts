export * from "./auth";
export * from "./page-views";
export * from "./reports";

export * from "./page-views";
export * from "./reports";

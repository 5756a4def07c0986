export * from "./page-views";

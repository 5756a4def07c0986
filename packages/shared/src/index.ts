/** @heartline/shared: the code both the server and the web app run (ARCHITECTURE §1). */
export * from "./constants";
export * from "./domain/access";
export * from "./domain/age";
export * from "./domain/avatar";
export * from "./domain/demo-chat";
export * from "./domain/duplicate-message";
export * from "./domain/gender";
export * from "./domain/online-count";
export * from "./domain/online-ids";
export * from "./domain/random";
export * from "./domain/streak-badge";
export * from "./errors";
export type * from "./events";
export * from "./schemas/account";
export * from "./schemas/messages";
export * from "./schemas/presence";
export * from "./schemas/upload";

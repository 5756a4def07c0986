import { b } from "../apps/server/src/features/b/index.ts"; // allowed: a feature through its index.ts

export const bench = b;

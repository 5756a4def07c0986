import { y } from "../apps/server/src/features/b/y.ts"; // VIOLATION no-bench-deep-import-of-feature

export const bench = y;

/**
 * Kept only for `bench/lib/b1-seed-users.mjs`, which imports this path (bench is outside the server's
 * tree): visitor ids live in `src/auth/visitor-id.ts`. Delete once that import points there.
 */
export { createVisitorId } from "../../auth/visitor-id";

/**
 * Kept only for `bench/lib/b1-seed-users.mjs`, which imports this path (bench is outside the server's
 * tree): the factory lives in `src/auth/create-auth.ts`. Delete once that import points there.
 */
export { createAuth } from "../../auth/create-auth";

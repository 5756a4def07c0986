/**
 * The only Better Auth path reachable over HTTP (issue #10 hole 3; ARCHITECTURE §2). Every other
 * flow (guest, sign-up, sign-in, sign-out, resets, resends, the e-mailed verification link since
 * ADR 0017) goes through the product's own routes under /api/accounts, which check the human pass,
 * the 18+ gate and the app's limits before they call `auth.api.*` on the server. Matched against the exact path Better Auth routes on, so no spelling of
 * another endpoint (`%2F`, a trailing slash, upper case) slips through.
 */
const ALLOWED = new Set([
  // Role changes pushed live to the user (docs/features/accounts.md); the admin plugin checks the admin role.
  "POST /api/auth/admin/set-role",
]);

export function isAllowedAuthPath(method: string, pathname: string): boolean {
  return ALLOWED.has(`${method} ${pathname}`);
}

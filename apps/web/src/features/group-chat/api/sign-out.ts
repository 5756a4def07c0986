/**
 * Ends the Better Auth session. The accounts issue brings its own sign-out route (`ACCOUNT_PATHS.signOut`);
 * the integrator swaps this call for the accounts feature's sign-out once that lands.
 */
export async function signOut(): Promise<void> {
  const response = await fetch("/api/auth/sign-out", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: "{}",
  });
  if (!response.ok) throw new Error(`sign-out failed with ${response.status}`);
}

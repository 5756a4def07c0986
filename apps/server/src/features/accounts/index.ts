/** The accounts feature's public entry: other features and the composition root import only this. */
export {
  displayName,
  displayNameSql,
  findUserById,
  hasAdminRole,
  isGender,
  toAccountUser,
  type UserRow,
} from "./account-user";
export { type Accounts, type CreateAccountsOptions, createAccounts } from "./accounts";
export { createAuthEvents } from "./auth-events";
export { createAccountDeletion, type DeleteUser } from "./delete-account";
export type { IdentityCache } from "./identity-cache";
export { registeredOnly } from "./registered-only";
export {
  type CurrentSession,
  createSessionGuards,
  type SessionGuards,
  type SessionHook,
  sessionOf,
} from "./session-guards";
export { setAdminRole } from "./set-admin-role";
export { createSocketIdentities, type SocketIdentity } from "./socket-identity";
export { isUsernameTaken, usernameMatches, usernameRefusal } from "./username-taken";

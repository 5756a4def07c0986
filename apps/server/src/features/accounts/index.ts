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
export { registeredOnly } from "./registered-only";
export {
  type CurrentSession,
  createSessionGuards,
  type SessionGuards,
  type SessionHook,
  sessionOf,
} from "./session-guards";
export { setAdminRole } from "./set-admin-role";
export { isUsernameTaken, usernameMatches, usernameRefusal } from "./username-taken";

/** The accounts feature's public entry: other features and the composition root import only this. */
export { createAccountLimiters } from "./account-limits";
export {
  displayName,
  displayNameSql,
  findUserById,
  hasAdminRole,
  isGender,
  toAccountUser,
  type UserRow,
} from "./account-user";
export { accountsRoutes } from "./accounts.routes";
export type { AccountsDeps } from "./accounts-deps";
export { adultConfirmationListeners } from "./adult-confirmation.socket";
export { createAuthEvents } from "./auth-events";
export { registeredOnly } from "./registered-only";
export {
  type CurrentSession,
  createSessionGuards,
  type SessionGuards,
  type SessionHook,
  sessionOf,
} from "./session-guards";
export { createSessionWatch, disconnectUser, joinAccountRooms } from "./session-sockets";
export { setAdminRole } from "./set-admin-role";
export { createSocketIdentityMiddleware, emitSession } from "./socket-identity";
export { isUsernameTaken, usernameMatches, usernameRefusal } from "./username-taken";

import { EXPLICIT_LOGOUT_STORAGE_KEY } from "@heartline/shared";

/** spec §4 Logout: the group chat keeps the name it joined with under this key; sign-out removes it. */
export const GROUP_CHAT_USERNAME_KEY = "group-chat-username";
/** Set while an account waits for its e-mail link, so the Congratulations modal shows after it. */
export const PENDING_VERIFICATION_KEY = "heartline-pending-verification";

function write(action: (storage: Storage) => void): void {
  try {
    action(localStorage);
  } catch {
    // Storage can be disabled (privacy modes); the cookie session still works without these markers.
  }
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** spec §4 Logout: the explicit-logout marker, so nothing restores the old session afterwards. */
export function markExplicitLogout(): void {
  write((storage) => storage.setItem(EXPLICIT_LOGOUT_STORAGE_KEY, "true"));
}

export function clearExplicitLogout(): void {
  write((storage) => storage.removeItem(EXPLICIT_LOGOUT_STORAGE_KEY));
}

/** spec §4 Logout: stored auth and the stored group chat username go. */
export function clearStoredAuth(): void {
  write((storage) => {
    storage.removeItem(GROUP_CHAT_USERNAME_KEY);
    storage.removeItem(PENDING_VERIFICATION_KEY);
  });
}

export type PendingVerification = "signup" | "upgrade";

export function rememberPendingVerification(kind: PendingVerification): void {
  write((storage) => storage.setItem(PENDING_VERIFICATION_KEY, kind));
}

export function takePendingVerification(): PendingVerification | null {
  const value = read(PENDING_VERIFICATION_KEY);
  write((storage) => storage.removeItem(PENDING_VERIFICATION_KEY));
  return value === "signup" || value === "upgrade" ? value : null;
}

export function peekPendingVerification(): PendingVerification | null {
  const value = read(PENDING_VERIFICATION_KEY);
  return value === "signup" || value === "upgrade" ? value : null;
}

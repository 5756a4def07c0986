/**
 * The accounts feature's public entry: who is signed in, the sign-in modals, the account menus and
 * the group-chat guard. Re-exports only (vite.config marks feature entries side-effect free, so a
 * page gets the modules it names and nothing else).
 */
export { useSaveAccountLocale } from "./api/use-save-account-locale";
export { type Session, sessionKeys, useSession } from "./api/use-session";
export { AccountEntry } from "./components/account-entry";
export { AccountMenu } from "./components/account-menu";
export { AuthModals } from "./components/auth-modals";
export { GroupChatGuard } from "./components/group-chat-guard";
export { MobileAccountSection } from "./components/mobile-account-section";
export { localizedMessage } from "./domain/localized-messages";
export { NEW_PASSWORD_RULES, newPasswordRules } from "./domain/password-rules";
export { forgetSession } from "./hooks/forget-session";
export { type AuthModal, useAuthModalStore } from "./state/auth-modal-store";
export { peekPendingVerification } from "./state/auth-storage";

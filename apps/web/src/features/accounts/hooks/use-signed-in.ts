import type { AccountUser } from "@heartline/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { refreshSocketIdentity } from "../../../lib/socket";
import { applyAccountLocale } from "../api/account-locale";
import { sessionKeys } from "../api/use-session";
import { useAuthModalStore } from "../state/auth-modal-store";
import { clearExplicitLogout } from "../state/auth-storage";

/**
 * After a guest join or a sign-in: hold the user, take up their language (issue #39), reconnect as them,
 * close the modal, go to /group-chat.
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const closeModal = useAuthModalStore((state) => state.closeModal);
  return async (user: AccountUser, { goToGroupChat = true } = {}) => {
    clearExplicitLogout();
    queryClient.setQueryData(sessionKeys.current, user);
    await applyAccountLocale(queryClient, user);
    await refreshSocketIdentity();
    if (!goToGroupChat) return;
    closeModal();
    // spec §4 Guest flow and Sign-in: on to the group chat.
    navigate("/group-chat");
  };
}

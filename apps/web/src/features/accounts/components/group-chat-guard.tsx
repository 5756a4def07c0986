import { GROUP_CHAT_MESSAGES, VERIFY_EMAIL_GROUP_TOAST } from "@heartline/shared";
import { type ReactNode, useEffect } from "react";
import toast from "react-hot-toast";
import { Navigate } from "react-router";
import { PageSpinner } from "../../../ui/page-spinner";
import { useSession } from "../api/use-session";
import { isBlockedFromGroupChat } from "../domain/account-status";
import { useAuthModalStore } from "../state/auth-modal-store";

const VERIFY_TOAST_ID = "group-chat-verify-email";

function VerifyEmailFirst() {
  useEffect(() => {
    // spec §8: error toast, top centre, 3 s.
    toast.error(GROUP_CHAT_MESSAGES.verifyEmail, {
      id: VERIFY_TOAST_ID,
      position: VERIFY_EMAIL_GROUP_TOAST.position,
      duration: VERIFY_EMAIL_GROUP_TOAST.durationMs,
    });
  }, []);
  return <Navigate to="/" replace />;
}

/** spec §2 Protected routes: home, with the guest modal open as the way in. */
function SignedOutRedirect() {
  const openModal = useAuthModalStore((state) => state.openModal);
  useEffect(() => {
    openModal("guest");
  }, [openModal]);
  return <Navigate to="/" replace />;
}

/**
 * spec §4, §8 The /group-chat guard: signed-out visitors go home; an unverified non-guest with an
 * e-mail goes home with 'Please verify your email before joining the group chat.'; guests pass.
 */
export function GroupChatGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignedOutRedirect />;
  if (isBlockedFromGroupChat(user)) return <VerifyEmailFirst />;
  return children;
}

import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { Dialog } from "../../../ui/dialog";
import { sessionKeys } from "../hooks/use-session";
import { useAuthModalStore } from "../state/auth-modal-store";
import { GuestForm } from "./guest-form";

/** Radix supplies the focus trap, Escape to close and the page scroll lock (spec §2 Modals). */
export function GuestModalDialog() {
  const closeModal = useAuthModalStore((state) => state.closeModal);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) closeModal();
      }}
      title="Join Chat Room"
      description="Pick a username to join as a guest. Guest accounts are temporary: your messages are lost when you log out or clear your browser data."
      contentProps={{
        // Start in the first field rather than on the close button.
        onOpenAutoFocus: (event) => {
          const firstField = (event.target as HTMLElement | null)?.querySelector("input");
          if (!firstField) return;
          event.preventDefault();
          firstField.focus();
        },
      }}
    >
      <GuestForm
        onJoined={async () => {
          // spec §4 Guest flow: after the guest account exists, go to the group chat.
          await queryClient.invalidateQueries({ queryKey: sessionKeys.current });
          closeModal();
          navigate("/group-chat");
        }}
      />
    </Dialog>
  );
}

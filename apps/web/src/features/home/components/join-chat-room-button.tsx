import { Users } from "lucide-react";
import { useNavigate } from "react-router";
import { Button, type ButtonSize, type ButtonVariant } from "../../../ui/button";
import { useAuthModalStore, useSession } from "../../accounts";

export interface JoinChatRoomButtonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** spec §2 Home page: Join Chat Room goes to /group-chat if signed in, otherwise opens the guest modal. */
export function JoinChatRoomButton({ variant = "secondary", size = "lg" }: JoinChatRoomButtonProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const openModal = useAuthModalStore((state) => state.openModal);

  function handleClick() {
    if (user) navigate("/group-chat");
    else openModal("guest");
  }

  return (
    <Button variant={variant} size={size} onClick={handleClick}>
      <Users aria-hidden="true" className="size-5" />
      Join Chat Room
    </Button>
  );
}

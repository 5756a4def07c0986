import { Users } from "lucide-react";
import type { MouseEvent } from "react";
import { GROUP_CHAT_PATH } from "../../../lib/app-paths";
import { useT } from "../../../lib/i18n/use-t";
import { useAppNavigate } from "../../../ui/app-navigate";
import { Button, type ButtonSize, type ButtonVariant } from "../../../ui/button";
import { useAuthModalStore, useSession } from "../../accounts";

export interface JoinChatRoomButtonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/**
 * spec §2 Home page: Join Chat Room goes to /group-chat if signed in, otherwise opens the guest modal.
 * issue #36: the button submits a form to /group-chat, so before the page's script has run (and
 * without one) a click still does what it says: the room opens, or its guard brings a signed-out
 * visitor back home with the guest modal open. Once live, the click is handled in the page. It needs no
 * router (ui/app-navigate.ts): on a prerendered page it is an island of its own.
 */
export function JoinChatRoomButton({ variant = "secondary", size = "lg" }: JoinChatRoomButtonProps) {
  const { user } = useSession();
  const navigate = useAppNavigate();
  const openModal = useAuthModalStore((state) => state.openModal);
  const t = useT();

  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    if (user) navigate(GROUP_CHAT_PATH);
    else openModal("guest");
  }

  return (
    <form action={GROUP_CHAT_PATH} method="get" className="contents">
      <Button type="submit" variant={variant} size={size} onClick={handleClick}>
        <Users aria-hidden="true" className="size-5" />
        {t("home.hero.joinRoom")}
      </Button>
    </form>
  );
}

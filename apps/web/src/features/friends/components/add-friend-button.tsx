import { UserPlus } from "lucide-react";
import toast from "react-hot-toast";
import { useT } from "../../../lib/i18n/use-t";
import { useSendFriendRequest } from "../api/use-send-friend-request";
import { sentRequestText, toastRequestError } from "./friend-request-toasts";

export interface AddFriendButtonProps {
  userId: string;
  username: string;
  /** "icon": a labelled icon button (lists); "button": icon and text. */
  variant?: "icon" | "button";
  className?: string;
}

const ICON =
  "inline-flex size-8 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 disabled:opacity-50 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-white";
const BUTTON =
  "inline-flex h-9 items-center gap-1.5 rounded-xl border border-zinc-300 bg-white px-3 text-sm font-semibold text-zinc-900 hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";

/** "Add friend" by id (the people list, a profile, a conversation); the result or the refusal as a toast. */
export function AddFriendButton({
  userId,
  username,
  variant = "icon",
  className = "",
}: AddFriendButtonProps) {
  const send = useSendFriendRequest();
  const t = useT();
  // mutateAsync: the button goes away as soon as the request is in the cache (the person is then
  // "asked"), and mutate's own callbacks never fire for an unmounted caller.
  const onClick = () =>
    send.mutateAsync({ userId }).then((result) => toast.success(sentRequestText(result)), toastRequestError);
  if (variant === "icon") {
    return (
      <button
        type="button"
        aria-label={t("friends.addNamed", { name: username })}
        title={t("friends.addShort")}
        disabled={send.isPending}
        onClick={onClick}
        className={`${ICON} ${className}`}
      >
        <UserPlus aria-hidden="true" className="size-4" />
      </button>
    );
  }
  return (
    <button type="button" disabled={send.isPending} onClick={onClick} className={`${BUTTON} ${className}`}>
      <UserPlus aria-hidden="true" className="size-4" />
      {t("friends.addShort")}
    </button>
  );
}

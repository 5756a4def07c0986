// First: shared modules build zod schemas when first used, and zod must not probe eval under our CSP.
import "../../../lib/zod-csp";
import { sendFriendRequestSchema } from "@heartline/shared";
import { UserPlus } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import toast from "react-hot-toast";
import { serverErrorText } from "../../../lib/i18n/server-error-text";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";
import { TextField } from "../../../ui/form-fields";
import { useSendFriendRequest } from "../api/use-send-friend-request";
import { FRIEND_SERVER_TEXTS } from "../friend-server-texts";
import { useAddFriendDialogStore } from "../state/add-friend-dialog-store";
import { friendFailureText, sentRequestText } from "./friend-request-toasts";

/** spec §2 The group chat layout's add-friend modal: a request by username; the server's refusal shows as it is. */
export function AddFriendDialog() {
  const { isOpen, username: prefill, close } = useAddFriendDialogStore();
  const [username, setUsername] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const send = useSendFriendRequest();
  const t = useT();

  useEffect(() => {
    if (!isOpen) return;
    setUsername(prefill);
    setError(undefined);
  }, [isOpen, prefill]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sendFriendRequestSchema.safeParse({ username });
    if (!parsed.success) {
      setError(
        serverErrorText(
          { message: parsed.error.issues[0]?.message ?? "Username is required" },
          FRIEND_SERVER_TEXTS,
        ),
      );
      return;
    }
    setError(undefined);
    send.mutate(parsed.data, {
      onSuccess: (result) => {
        toast.success(sentRequestText(result));
        close();
      },
      onError: (failure) => setError(friendFailureText(failure)),
    });
  };

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => (open ? undefined : close())}
      title={t("friends.add")}
      description={t("friends.dialog.description")}
    >
      <form onSubmit={submit} noValidate className="mt-5 space-y-4">
        <TextField
          id="add-friend-username"
          label={t("friends.dialog.username")}
          value={username}
          onValue={setUsername}
          error={error}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t("friends.dialog.placeholder")}
          maxLength={40}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            {t("chat.cancel")}
          </Button>
          <Button type="submit" disabled={send.isPending}>
            <UserPlus aria-hidden="true" className="size-4" />
            {send.isPending ? t("report.sending") : t("friends.dialog.send")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

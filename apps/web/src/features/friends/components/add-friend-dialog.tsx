// First: shared modules build zod schemas when first used, and zod must not probe eval under our CSP.
import "../../../lib/zod-csp";
import { sendFriendRequestSchema } from "@heartline/shared";
import { UserPlus } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";
import { TextField } from "../../../ui/form-fields";
import { useSendFriendRequest } from "../api/use-send-friend-request";
import { useAddFriendDialogStore } from "../state/add-friend-dialog-store";
import { sentRequestText } from "./friend-request-toasts";

/** spec §2 The group chat layout's add-friend modal: a request by username; the server's refusal shows as it is. */
export function AddFriendDialog() {
  const { isOpen, username: prefill, close } = useAddFriendDialogStore();
  const [username, setUsername] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const send = useSendFriendRequest();

  useEffect(() => {
    if (!isOpen) return;
    setUsername(prefill);
    setError(undefined);
  }, [isOpen, prefill]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sendFriendRequestSchema.safeParse({ username });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Username is required");
      return;
    }
    setError(undefined);
    send.mutate(parsed.data, {
      onSuccess: (result) => {
        toast.success(sentRequestText(result));
        close();
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Add a friend"
      description="Friends can message each other and keep daily streaks. Enter their username."
    >
      <form onSubmit={submit} noValidate className="mt-5 space-y-4">
        <TextField
          id="add-friend-username"
          label="Username"
          value={username}
          onValue={setUsername}
          error={error}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="e.g. night_owl"
          maxLength={40}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            <UserPlus aria-hidden="true" className="size-4" />
            {send.isPending ? "Sending…" : "Send request"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

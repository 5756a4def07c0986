import type { AccountUser } from "@heartline/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";
import { inputClasses } from "../../../ui/form-fields";
import { useDeleteAccount } from "../api/use-delete-account";
import { useEndSession } from "../hooks/use-end-session";
import { DangerButton } from "./danger-button";

export interface DeleteAccountDialogProps {
  user: AccountUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export const ACCOUNT_DELETED_MESSAGE = "Your account has been deleted.";

/** spec §4 Account deletion: what goes, for a registered user and for a guest. */
function WhatIsDeleted({ isGuest }: { isGuest: boolean }) {
  const items = isGuest
    ? [
        "Your guest profile and username",
        "Friend requests you sent or received",
        "Your profile picture and banner",
      ]
    : [
        "Your profile, username, picture and banner",
        "Every friend request you sent or received",
        "Every direct message you sent or received",
        "All your conversations",
      ];
  return (
    <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * The deletion confirmation: an alert dialog that only enables Delete once the username is typed
 * exactly. On success the session is forgotten and the app goes home with a toast.
 */
export function DeleteAccountDialog({ user, open, onOpenChange }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const endSession = useEndSession();
  const mutation = useDeleteAccount(() => endSession(ACCOUNT_DELETED_MESSAGE));
  const isConfirmed = typed === user.username;

  const change = (next: boolean) => {
    if (mutation.isPending) return;
    if (!next) {
      setTyped("");
      mutation.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isConfirmed) mutation.mutate();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      isAlert
      title="Delete your account?"
      description="This cannot be undone. Deleting your account removes, for everyone:"
    >
      <WhatIsDeleted isGuest={user.isGuest} />
      <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
        People you talked with will see you as 'Deleted User'.
      </p>
      <form onSubmit={submit} className="mt-5" noValidate>
        <label htmlFor={inputId} className="text-sm font-medium">
          Type <span className="font-mono font-semibold">{user.username}</span> to confirm
        </label>
        <input
          id={inputId}
          value={typed}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setTyped(event.target.value)}
          className={inputClasses(false)}
        />
        {mutation.isError ? (
          <p role="alert" className="mt-2 text-sm font-medium text-rose-600 dark:text-rose-400">
            {mutation.error.message}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => change(false)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <DangerButton type="submit" disabled={!isConfirmed || mutation.isPending} className="h-11 px-5">
            {mutation.isPending ? "Deleting…" : "Delete account"}
          </DangerButton>
        </div>
      </form>
    </Dialog>
  );
}

import type { AccountUser } from "@heartline/shared";
import { type FormEvent, useId, useState } from "react";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { RichText } from "../../../lib/i18n/rich-text";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";
import { inputClasses } from "../../../ui/form-fields";
import { localizedMessage } from "../../accounts";
import { useDeleteAccount } from "../api/use-delete-account";
import { useEndSession } from "../hooks/use-end-session";
import { DangerButton } from "./danger-button";

export interface DeleteAccountDialogProps {
  user: AccountUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** spec §4 Account deletion: what goes, for a registered user and for a guest. */
function WhatIsDeleted({ isGuest }: { isGuest: boolean }) {
  const t = useT();
  const items: MessageId[] = isGuest
    ? ["settings.delete.guest.profile", "settings.delete.guest.requests", "settings.delete.guest.pictures"]
    : [
        "settings.delete.user.profile",
        "settings.delete.user.requests",
        "settings.delete.user.messages",
        "settings.delete.user.conversations",
      ];
  return (
    <ul className="mt-4 list-disc space-y-1 ps-5 text-sm text-zinc-700 dark:text-zinc-300">
      {items.map((item) => (
        <li key={item}>{t(item)}</li>
      ))}
    </ul>
  );
}

/**
 * The deletion confirmation: an alert dialog that only enables Delete once the username is typed
 * exactly. On success the session is forgotten and the app goes home with a toast.
 */
export function DeleteAccountDialog({ user, open, onOpenChange }: DeleteAccountDialogProps) {
  const t = useT();
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const endSession = useEndSession();
  const mutation = useDeleteAccount(() => endSession(t("settings.delete.done")));
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
      title={t("settings.delete.dialogTitle")}
      description={t("settings.delete.dialogDescription")}
    >
      <WhatIsDeleted isGuest={user.isGuest} />
      <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">{t("settings.delete.deletedUser")}</p>
      <form onSubmit={submit} className="mt-5" noValidate>
        <label htmlFor={inputId} className="text-sm font-medium">
          <RichText
            message={t("settings.delete.typeToConfirm", { username: user.username })}
            elements={[<span key="name" className="font-mono font-semibold" />]}
          />
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
            {localizedMessage(mutation.error.message)}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => change(false)} disabled={mutation.isPending}>
            {t("settings.delete.cancel")}
          </Button>
          <DangerButton type="submit" disabled={!isConfirmed || mutation.isPending} className="h-11 px-5">
            {mutation.isPending ? t("settings.delete.deleting") : t("settings.delete.title")}
          </DangerButton>
        </div>
      </form>
    </Dialog>
  );
}

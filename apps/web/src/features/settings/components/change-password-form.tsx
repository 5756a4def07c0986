import { type ChangePasswordInput, changePasswordSchema } from "@heartline/shared";
import type { UseMutationResult } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useT } from "../../../lib/i18n/use-t";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { Button } from "../../../ui/button";
import { PasswordField } from "../../../ui/password-field";
import { localizedMessage, newPasswordRules } from "../../accounts/index";
import { useChangePassword } from "../api/use-change-password";

const EMPTY = { currentPassword: "", newPassword: "" };

/** Change password: current and new, checked with the shared schema's exact messages (spec §5). */
export function ChangePasswordForm() {
  const [formKey, setFormKey] = useState(0);
  // On success a fresh form: the typed passwords should not linger in the page.
  const mutation = useChangePassword(() => setFormKey((key) => key + 1));
  return <PasswordFields key={formKey} mutation={mutation} />;
}

interface PasswordFieldsProps {
  mutation: UseMutationResult<void, Error, ChangePasswordInput>;
}

function PasswordFields({ mutation }: PasswordFieldsProps) {
  const t = useT();
  const form = useSchemaForm<typeof EMPTY, ChangePasswordInput>(changePasswordSchema, EMPTY);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (input) mutation.mutate(input);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:max-w-sm">
      <PasswordField
        id="current-password"
        label={t("settings.password.current")}
        autoComplete="current-password"
        value={form.values.currentPassword}
        error={localizedMessage(form.errors.currentPassword)}
        onValue={(value) => form.setField("currentPassword", value)}
      />
      <PasswordField
        id="new-password"
        label={t("accounts.field.newPassword")}
        rules={newPasswordRules()}
        autoComplete="new-password"
        value={form.values.newPassword}
        error={localizedMessage(form.errors.newPassword)}
        onValue={(value) => form.setField("newPassword", value)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={mutation.isPending}>
          {mutation.isPending ? t("settings.password.changing") : t("settings.password.change")}
        </Button>
        {mutation.isSuccess ? (
          <span role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
            {t("settings.password.changed")}
          </span>
        ) : null}
      </div>
      {mutation.isError ? (
        <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
          {localizedMessage(mutation.error.message)}
        </p>
      ) : null}
    </form>
  );
}

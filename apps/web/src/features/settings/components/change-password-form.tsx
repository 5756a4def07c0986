import { type ChangePasswordInput, changePasswordSchema } from "@heartline/shared";
import type { UseMutationResult } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { Button } from "../../../ui/button";
import { PasswordField } from "../../../ui/password-field";
import { NEW_PASSWORD_RULES } from "../../accounts/index";
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
        label="Current password"
        autoComplete="current-password"
        value={form.values.currentPassword}
        error={form.errors.currentPassword}
        onValue={(value) => form.setField("currentPassword", value)}
      />
      <PasswordField
        id="new-password"
        label="New password"
        rules={NEW_PASSWORD_RULES}
        autoComplete="new-password"
        value={form.values.newPassword}
        error={form.errors.newPassword}
        onValue={(value) => form.setField("newPassword", value)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={mutation.isPending}>
          {mutation.isPending ? "Changing…" : "Change password"}
        </Button>
        {mutation.isSuccess ? (
          <span role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
            Password changed
          </span>
        ) : null}
      </div>
      {mutation.isError ? (
        <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
          {mutation.error.message}
        </p>
      ) : null}
    </form>
  );
}

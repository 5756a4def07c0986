import {
  FORGOT_PASSWORD_CLOSE_DELAY_MS,
  FORGOT_PASSWORD_MESSAGES,
  forgotPasswordSchema,
  resetPasswordSchema,
} from "@heartline/shared";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { z } from "zod";
import { useT } from "../../../lib/i18n/use-t";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { SwitchLink, TextField } from "../../../ui/form-fields";
import { PasswordField } from "../../../ui/password-field";
import { accountRequests } from "../api/account-requests";
import { failedAnswer, forgotPasswordErrorMessage } from "../domain/auth-messages";
import { localizedMessage } from "../domain/localized-messages";
import { newPasswordRules } from "../domain/password-rules";
import { useAuthModalStore } from "../state/auth-modal-store";
import { AuthDialog } from "./auth-dialog";
import { FormFooter } from "./form-footer";

/** spec §8: after success the modal closes 3 s later. */
function useCloseAfterSuccess(isDone: boolean) {
  const closeModal = useAuthModalStore((state) => state.closeModal);
  useEffect(() => {
    if (!isDone) return;
    const timer = setTimeout(closeModal, FORGOT_PASSWORD_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isDone, closeModal]);
}

/** spec §2 'Forgot Password': the server always answers with the success text (no enumeration). */
export function ForgotPasswordDialog() {
  const t = useT();
  const id = useId();
  const openModal = useAuthModalStore((state) => state.openModal);
  const form = useSchemaForm(forgotPasswordSchema, { email: "" });
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  useCloseAfterSuccess(success !== null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const data = form.validate();
    if (!data) return;
    setSubmitting(true);
    try {
      const answer = await accountRequests.forgotPassword(data.email);
      setSuccess(answer?.message ?? FORGOT_PASSWORD_MESSAGES.success);
    } catch (error) {
      setError(forgotPasswordErrorMessage(failedAnswer(error)));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthDialog title={t("accounts.forgot.title")} description={t("accounts.forgot.description")}>
      <form noValidate onSubmit={submit} className="mt-6 space-y-4">
        <TextField
          id={`${id}-email`}
          label={t("accounts.field.email")}
          name="email"
          type="email"
          autoComplete="email"
          value={form.values.email}
          error={localizedMessage(form.errors.email)}
          onValue={(value) => form.setField("email", value)}
        />
        <FormFooter
          error={error}
          success={success}
          isSubmitting={isSubmitting}
          isDone={success !== null}
          label={t("accounts.forgot.submit")}
          busyLabel={t("accounts.busy.sending")}
        />
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          {t("accounts.forgot.remembered")}{" "}
          <SwitchLink onClick={() => openModal("sign-in")}>{t("accounts.forgot.back")}</SwitchLink>
        </p>
      </form>
    </AuthDialog>
  );
}

const newPasswordSchema = resetPasswordSchema.pick({ newPassword: true });

/** spec §2 'Reset Password', opened by the e-mailed link `/?resetToken=…`. */
export function ResetPasswordDialog({ token }: { token: string }) {
  const t = useT();
  const id = useId();
  const openModal = useAuthModalStore((state) => state.openModal);
  const form = useSchemaForm(newPasswordSchema as z.ZodType<{ newPassword: string }>, { newPassword: "" });
  const [error, setError] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  useCloseAfterSuccess(isDone);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const data = form.validate();
    if (!data) return;
    setSubmitting(true);
    try {
      await accountRequests.resetPassword({ token, newPassword: data.newPassword });
      setDone(true);
    } catch (error) {
      setError(forgotPasswordErrorMessage(failedAnswer(error)));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthDialog title={t("accounts.reset.title")} description={t("accounts.reset.description")}>
      <form noValidate onSubmit={submit} className="mt-6 space-y-4">
        <PasswordField
          id={`${id}-password`}
          label={t("accounts.field.newPassword")}
          name="newPassword"
          rules={newPasswordRules()}
          autoComplete="new-password"
          value={form.values.newPassword}
          error={localizedMessage(form.errors.newPassword)}
          onValue={(value) => form.setField("newPassword", value)}
        />
        <FormFooter
          error={error}
          success={isDone ? t("accounts.reset.done") : null}
          isSubmitting={isSubmitting}
          isDone={isDone}
          label={t("accounts.reset.title")}
          busyLabel={t("accounts.busy.saving")}
        />
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          {t("accounts.reset.expired")}{" "}
          <SwitchLink onClick={() => openModal("forgot-password")}>{t("accounts.reset.sendNew")}</SwitchLink>
        </p>
      </form>
    </AuthDialog>
  );
}

import { signInSchema } from "@heartline/shared";
import { useId } from "react";
import { useT } from "../../../lib/i18n/use-t";
import { SwitchLink, TextField } from "../../../ui/form-fields";
import { PasswordField } from "../../../ui/password-field";
import { accountRequests } from "../api/account-requests";
import { failedAnswer, signInErrorMessage } from "../domain/auth-messages";
import { localizedMessage } from "../domain/localized-messages";
import { useHumanCheckedForm } from "../hooks/use-human-checked-form";
import { useSignedIn } from "../hooks/use-signed-in";
import { useAuthModalStore } from "../state/auth-modal-store";
import { AuthDialog } from "./auth-dialog";
import { FormFooter } from "./form-footer";
import { HumanCheckDialog } from "./human-check-dialog";

/** spec §2 'Sign In', §4 Sign-in: the human check (by itself with ALTCHA), e-mail and password, /group-chat. */
export function SignInDialog() {
  const t = useT();
  const id = useId();
  const openModal = useAuthModalStore((state) => state.openModal);
  const signedIn = useSignedIn();
  const { form, serverError, isSubmitting, isChecking, passState, gate, submit } = useHumanCheckedForm(
    signInSchema,
    { email: "", password: "" },
    async (data, { setSubmitting, setServerError }) => {
      setSubmitting(true);
      const answer = await accountRequests.signIn(data).catch(failedAnswer);
      if ("user" in answer) {
        await signedIn(answer.user);
        return true;
      }
      setSubmitting(false);
      setServerError(signInErrorMessage(answer));
      return false;
    },
  );

  if (gate.isChecking) return <HumanCheckDialog gate={gate} />;

  return (
    <AuthDialog title={t("layout.account.signIn")} description={t("accounts.signIn.description")}>
      <form noValidate onSubmit={submit} data-human-pass={passState} className="mt-6 space-y-4">
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
        <PasswordField
          id={`${id}-password`}
          label={t("accounts.field.password")}
          name="password"
          autoComplete="current-password"
          value={form.values.password}
          error={localizedMessage(form.errors.password)}
          onValue={(value) => form.setField("password", value)}
          hint={
            <SwitchLink onClick={() => openModal("forgot-password")}>
              {t("accounts.signIn.forgot")}
            </SwitchLink>
          }
        />
        <FormFooter
          error={serverError}
          isSubmitting={isSubmitting}
          isChecking={isChecking}
          label={t("layout.account.signIn")}
          busyLabel={t("accounts.signIn.busy")}
        />
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          {t("accounts.signIn.noAccount")}{" "}
          <SwitchLink onClick={() => openModal("sign-up")}>{t("accounts.link.createAccount")}</SwitchLink>
          {" · "}
          <SwitchLink onClick={() => openModal("guest")}>{t("accounts.link.joinAsGuest")}</SwitchLink>
        </p>
      </form>
    </AuthDialog>
  );
}

import { type AccountUser, signUpSchema, VALIDATION_MESSAGES } from "@heartline/shared";
import { useId } from "react";
import { GENDER_CHOICES } from "../../../lib/gender-labels";
import { useT } from "../../../lib/i18n/use-t";
import { SelectField, SwitchLink, TextField } from "../../../ui/form-fields";
import { PasswordField } from "../../../ui/password-field";
import { accountRequests } from "../api/account-requests";
import { useSession } from "../api/use-session";
import { checkUsernameFirst } from "../api/username-refusal";
import { failedAnswer, signUpErrorMessage } from "../domain/auth-messages";
import { localIsoDate } from "../domain/dates";
import { localizedMessage } from "../domain/localized-messages";
import { newPasswordRules } from "../domain/password-rules";
import { useHumanCheckedForm } from "../hooks/use-human-checked-form";
import { useSignedIn } from "../hooks/use-signed-in";
import { useAuthModalStore } from "../state/auth-modal-store";
import { rememberPendingVerification } from "../state/auth-storage";
import { AuthDialog } from "./auth-dialog";
import { FormFooter } from "./form-footer";
import { HumanCheckDialog } from "./human-check-dialog";

type SignUpData = typeof signUpSchema._output;

/** spec §5: in upgrade mode username, dob and gender are prefilled, gender defaulting to prefer-not-to-say. */
function initialValues(guest: AccountUser | null) {
  return {
    username: guest?.username ?? "",
    email: "",
    password: "",
    dob: guest?.dob?.slice(0, 10) ?? "",
    gender: guest ? (guest.gender ?? "prefer-not-to-say") : "",
  };
}

/** Server answers that belong under a field rather than above the button. */
const USERNAME_ANSWERS: readonly string[] = [
  VALIDATION_MESSAGES.usernameTaken,
  VALIDATION_MESSAGES.usernameLookAlike,
];

/**
 * spec §2 'Create Account' ('Complete Your Account' when a guest upgrades), §4 Sign-up: validate, check
 * the username, human check, then the account; the Verify Your Email modal follows.
 */
export function SignUpDialog({ guest }: { guest: AccountUser | null }) {
  const t = useT();
  const id = useId();
  const openModal = useAuthModalStore((state) => state.openModal);
  const signedIn = useSignedIn();
  const { form, serverError, isSubmitting, isChecking, passState, gate, submit } = useHumanCheckedForm(
    signUpSchema,
    initialValues(guest),
    async (data: SignUpData, { form, setSubmitting, setServerError }) => {
      setSubmitting(true);
      const answer = await accountRequests.signUp(data).catch(failedAnswer);
      setSubmitting(false);
      if ("user" in answer) {
        rememberPendingVerification(answer.mode === "upgrade" ? "upgrade" : "signup");
        await signedIn(answer.user, { goToGroupChat: false });
        openModal("verify-email", { emailJustSent: true, email: data.email });
        return true;
      }
      const message = signUpErrorMessage(answer);
      if (USERNAME_ANSWERS.includes(message)) form.setFieldError("username", message);
      else if (message === VALIDATION_MESSAGES.passwordTooCommon) form.setFieldError("password", message);
      else setServerError(message);
      return false;
    },
    checkUsernameFirst({ guest, for: "sign-up" }),
  );
  const isUpgrade = guest !== null;

  if (gate.isChecking) return <HumanCheckDialog gate={gate} />;

  return (
    <AuthDialog
      title={isUpgrade ? t("accounts.signUp.upgradeTitle") : t("layout.account.createAccount")}
      description={isUpgrade ? t("accounts.signUp.upgradeDescription") : t("accounts.signUp.description")}
    >
      <form noValidate onSubmit={submit} data-human-pass={passState} className="mt-6 space-y-4">
        <TextField
          id={`${id}-username`}
          label={t("accounts.field.username")}
          name="username"
          autoComplete="username"
          readOnly={isUpgrade}
          value={form.values.username}
          error={localizedMessage(form.errors.username)}
          onValue={(value) => form.setField("username", value)}
        />
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
          rules={newPasswordRules()}
          autoComplete="new-password"
          value={form.values.password}
          error={localizedMessage(form.errors.password)}
          onValue={(value) => form.setField("password", value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${id}-dob`}
            label={t("accounts.field.dob")}
            name="dob"
            type="date"
            readOnly={isUpgrade}
            max={localIsoDate(new Date())}
            value={form.values.dob}
            error={localizedMessage(form.errors.dob)}
            onValue={(value) => form.setField("dob", value)}
          />
          <SelectField
            id={`${id}-gender`}
            label={t("accounts.field.gender")}
            name="gender"
            disabled={isUpgrade}
            value={form.values.gender}
            error={localizedMessage(form.errors.gender)}
            onValue={(value) => form.setField("gender", value)}
          >
            <option value="">{t("accounts.field.selectGender")}</option>
            {GENDER_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {t(`gender.${choice.value}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <FormFooter
          error={serverError}
          isSubmitting={isSubmitting}
          isChecking={isChecking}
          label={isUpgrade ? t("accounts.signUp.upgradeSubmit") : t("layout.account.createAccount")}
          busyLabel={t("accounts.signUp.busy")}
        />
        {isUpgrade ? null : (
          <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
            {t("accounts.signUp.haveAccount")}{" "}
            <SwitchLink onClick={() => openModal("sign-in")}>{t("accounts.link.signIn")}</SwitchLink>
            {" · "}
            <SwitchLink onClick={() => openModal("guest")}>{t("accounts.link.joinAsGuest")}</SwitchLink>
          </p>
        )}
      </form>
    </AuthDialog>
  );
}

/** Decides the mode from the session: a signed-in guest upgrades (spec §4 Sign-up (a)). */
export function SignUpModal() {
  const { user, isLoading } = useSession();
  if (isLoading) return null;
  return <SignUpDialog guest={user?.isGuest ? user : null} />;
}

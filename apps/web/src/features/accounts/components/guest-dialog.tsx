import { guestSchema } from "@heartline/shared";
import { useId } from "react";
import { GENDER_CHOICES } from "../../../lib/gender-labels";
import { useT } from "../../../lib/i18n/use-t";
import { SelectField, SwitchLink, TextField } from "../../../ui/form-fields";
import { accountRequests } from "../api/account-requests";
import { checkUsernameFirst } from "../api/username-refusal";
import { failedAnswer, guestErrorMessage } from "../domain/auth-messages";
import { localIsoDate } from "../domain/dates";
import { localizedMessage } from "../domain/localized-messages";
import { useHumanCheckedForm } from "../hooks/use-human-checked-form";
import { useSignedIn } from "../hooks/use-signed-in";
import { useAuthModalStore } from "../state/auth-modal-store";
import { AuthDialog } from "./auth-dialog";
import { FormFooter } from "./form-footer";
import { HumanCheckDialog } from "./human-check-dialog";

/** spec §2 Guest 'Join Chat Room', §4 Guest flow: validate, name free?, human check, guest account, /group-chat. */
export function GuestDialog() {
  const t = useT();
  const id = useId();
  const openModal = useAuthModalStore((state) => state.openModal);
  const signedIn = useSignedIn();
  const { form, serverError, isSubmitting, isChecking, passState, gate, submit } = useHumanCheckedForm(
    guestSchema,
    { username: "", dob: "", gender: "" },
    async (data, { setSubmitting, setServerError }) => {
      setSubmitting(true);
      const answer = await accountRequests.guest(data).catch(failedAnswer);
      if ("user" in answer) {
        await signedIn(answer.user);
        return true;
      }
      setSubmitting(false);
      setServerError(guestErrorMessage(answer));
      return false;
    },
    // Issue #14: a taken name is said before the human check is spent.
    checkUsernameFirst({ for: "guest" }),
  );

  if (gate.isChecking) return <HumanCheckDialog gate={gate} />;

  return (
    <AuthDialog title={t("home.hero.joinRoom")} description={t("accounts.guest.description")}>
      <form noValidate onSubmit={submit} data-human-pass={passState} className="mt-6 space-y-4">
        <TextField
          id={`${id}-username`}
          label={t("accounts.field.username")}
          name="username"
          autoComplete="off"
          value={form.values.username}
          error={localizedMessage(form.errors.username)}
          onValue={(value) => form.setField("username", value)}
        />
        <TextField
          id={`${id}-dob`}
          label={t("accounts.field.dob")}
          name="dob"
          type="date"
          max={localIsoDate(new Date())}
          value={form.values.dob}
          error={localizedMessage(form.errors.dob)}
          onValue={(value) => form.setField("dob", value)}
        />
        <SelectField
          id={`${id}-gender`}
          label={t("accounts.field.gender")}
          name="gender"
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
        <FormFooter
          error={serverError}
          isSubmitting={isSubmitting}
          isChecking={isChecking}
          label={t("accounts.guest.submit")}
          busyLabel={t("accounts.guest.busy")}
        />
        <p className="text-center text-xs text-zinc-500 dark:text-zinc-400">{t("accounts.guest.adult")}</p>
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          {t("accounts.guest.haveAccount")}{" "}
          <SwitchLink onClick={() => openModal("sign-in")}>{t("accounts.link.signIn")}</SwitchLink>
          {" · "}
          <SwitchLink onClick={() => openModal("sign-up")}>{t("accounts.link.createAccount")}</SwitchLink>
        </p>
      </form>
    </AuthDialog>
  );
}

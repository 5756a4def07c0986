import { guestSchema } from "@heartline/shared";
import { useId } from "react";
import { GENDER_CHOICES } from "../../../lib/gender-labels";
import { SelectField, SwitchLink, TextField } from "../../../ui/form-fields";
import { accountRequests } from "../api/account-requests";
import { checkUsernameFirst } from "../api/username-refusal";
import { failedAnswer, guestErrorMessage } from "../domain/auth-messages";
import { localIsoDate } from "../domain/dates";
import { useHumanCheckedForm } from "../hooks/use-human-checked-form";
import { useSignedIn } from "../hooks/use-signed-in";
import { useAuthModalStore } from "../state/auth-modal-store";
import { AuthDialog } from "./auth-dialog";
import { FormFooter } from "./form-footer";
import { HumanCheckDialog } from "./human-check-dialog";

/** spec §2 Guest 'Join Chat Room', §4 Guest flow: validate, name free?, human check, guest account, /group-chat. */
export function GuestDialog() {
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
    <AuthDialog
      title="Join Chat Room"
      description="Pick a username to join as a guest. Guest accounts are temporary: your messages are lost when you log out or clear your browser data."
    >
      <form noValidate onSubmit={submit} data-human-pass={passState} className="mt-6 space-y-4">
        <TextField
          id={`${id}-username`}
          label="Username"
          name="username"
          autoComplete="off"
          value={form.values.username}
          error={form.errors.username}
          onValue={(value) => form.setField("username", value)}
        />
        <TextField
          id={`${id}-dob`}
          label="Date of birth"
          name="dob"
          type="date"
          max={localIsoDate(new Date())}
          value={form.values.dob}
          error={form.errors.dob}
          onValue={(value) => form.setField("dob", value)}
        />
        <SelectField
          id={`${id}-gender`}
          label="Gender"
          name="gender"
          value={form.values.gender}
          error={form.errors.gender}
          onValue={(value) => form.setField("gender", value)}
        >
          <option value="">Select gender</option>
          {GENDER_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <FormFooter
          error={serverError}
          isSubmitting={isSubmitting}
          isChecking={isChecking}
          label="Join Chat"
          busyLabel="Joining…"
        />
        <p className="text-center text-xs text-zinc-500 dark:text-zinc-400">
          You must be 18 or older to join.
        </p>
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          Have an account? <SwitchLink onClick={() => openModal("sign-in")}>Sign in</SwitchLink>
          {" · "}
          <SwitchLink onClick={() => openModal("sign-up")}>Create account</SwitchLink>
        </p>
      </form>
    </AuthDialog>
  );
}

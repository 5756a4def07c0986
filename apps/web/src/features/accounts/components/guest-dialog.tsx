import { guestSchema } from "@heartline/shared";
import { type FormEvent, useId, useState } from "react";
import { GENDER_CHOICES } from "../../../lib/gender-labels";
import { Button } from "../../../ui/button";
import { accountRequests } from "../api/account-requests";
import { guestErrorMessage } from "../domain/auth-messages";
import { localIsoDate } from "../domain/dates";
import { useSchemaForm } from "../hooks/use-schema-form";
import { useSignedIn } from "../hooks/use-signed-in";
import { HumanCheckStep } from "../human-check/human-check-step";
import { useHumanGate } from "../human-check/use-human-check";
import { useAuthModalStore } from "../state/auth-modal-store";
import { AuthDialog } from "./auth-dialog";
import { FormAlert, SelectField, SwitchLink, TextField } from "./form-fields";
import { HUMAN_CHECK_DESCRIPTION, HUMAN_CHECK_TITLE } from "./titles";

/** spec §2 Guest 'Join Chat Room', §4 Guest flow: validate, human check, guest account, /group-chat. */
export function GuestDialog() {
  const id = useId();
  const openModal = useAuthModalStore((state) => state.openModal);
  const form = useSchemaForm(guestSchema, { username: "", dob: "", gender: "" });
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const signedIn = useSignedIn();
  const gate = useHumanGate(async (data: typeof guestSchema._output) => {
    setSubmitting(true);
    const answer = await accountRequests.guest(data);
    if (answer.ok) {
      await signedIn(answer.data.user);
      return;
    }
    setSubmitting(false);
    setServerError(guestErrorMessage(answer));
  });

  if (gate.isChecking) {
    return (
      <AuthDialog title={HUMAN_CHECK_TITLE} description={HUMAN_CHECK_DESCRIPTION}>
        <HumanCheckStep provider={gate.provider} onPassed={gate.passed} onBack={gate.back} />
      </AuthDialog>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const data = form.validate();
    if (data) await gate.start(data);
  };

  return (
    <AuthDialog
      title="Join Chat Room"
      description="Pick a username to join as a guest. Guest accounts are temporary: your messages are lost when you log out or clear your browser data."
    >
      <form noValidate onSubmit={submit} className="mt-6 space-y-4">
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
        <FormAlert message={serverError} />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? "Joining…" : "Join Chat"}
        </Button>
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

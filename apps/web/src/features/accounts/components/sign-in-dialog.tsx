import { signInSchema } from "@heartline/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../ui/button";
import { accountRequests } from "../api/account-requests";
import { signInErrorMessage } from "../domain/auth-messages";
import { useSchemaForm } from "../hooks/use-schema-form";
import { useSignedIn } from "../hooks/use-signed-in";
import { HumanCheckStep } from "../human-check/human-check-step";
import { useHumanGate } from "../human-check/use-human-check";
import { useAuthModalStore } from "../state/auth-modal-store";
import { AuthDialog } from "./auth-dialog";
import { FormAlert, SwitchLink, TextField } from "./form-fields";
import { HUMAN_CHECK_DESCRIPTION, HUMAN_CHECK_TITLE } from "./titles";

/** spec §2 'Sign In', §4 Sign-in: the human check first, then e-mail and password, then /group-chat. */
export function SignInDialog() {
  const id = useId();
  const openModal = useAuthModalStore((state) => state.openModal);
  const form = useSchemaForm(signInSchema, { email: "", password: "" });
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const signedIn = useSignedIn();
  const gate = useHumanGate(async (data: typeof signInSchema._output) => {
    setSubmitting(true);
    const answer = await accountRequests.signIn(data);
    if (answer.ok) {
      await signedIn(answer.data.user);
      return;
    }
    setSubmitting(false);
    setServerError(signInErrorMessage(answer));
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
      title="Sign In"
      description="Welcome back. Sign in to keep your friends, messages and streaks."
    >
      <form noValidate onSubmit={submit} className="mt-6 space-y-4">
        <TextField
          id={`${id}-email`}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={form.values.email}
          error={form.errors.email}
          onValue={(value) => form.setField("email", value)}
        />
        <TextField
          id={`${id}-password`}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          error={form.errors.password}
          onValue={(value) => form.setField("password", value)}
          hint={<SwitchLink onClick={() => openModal("forgot-password")}>Forgot password?</SwitchLink>}
        />
        <FormAlert message={serverError} />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? "Signing in…" : "Sign In"}
        </Button>
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          No account yet? <SwitchLink onClick={() => openModal("sign-up")}>Create account</SwitchLink>
          {" · "}
          <SwitchLink onClick={() => openModal("guest")}>Join as a guest</SwitchLink>
        </p>
      </form>
    </AuthDialog>
  );
}

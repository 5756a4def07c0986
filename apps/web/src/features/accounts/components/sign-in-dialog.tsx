import { signInSchema } from "@heartline/shared";
import { useId } from "react";
import { SwitchLink, TextField } from "../../../ui/form-fields";
import { PasswordField } from "../../../ui/password-field";
import { accountRequests } from "../api/account-requests";
import { failedAnswer, signInErrorMessage } from "../domain/auth-messages";
import { useHumanCheckedForm } from "../hooks/use-human-checked-form";
import { useSignedIn } from "../hooks/use-signed-in";
import { useAuthModalStore } from "../state/auth-modal-store";
import { AuthDialog } from "./auth-dialog";
import { FormFooter } from "./form-footer";
import { HumanCheckDialog } from "./human-check-dialog";

/** spec §2 'Sign In', §4 Sign-in: the human check (by itself with ALTCHA), e-mail and password, /group-chat. */
export function SignInDialog() {
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
    <AuthDialog
      title="Sign In"
      description="Welcome back. Sign in to keep your friends, messages and streaks."
    >
      <form noValidate onSubmit={submit} data-human-pass={passState} className="mt-6 space-y-4">
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
        <PasswordField
          id={`${id}-password`}
          label="Password"
          name="password"
          autoComplete="current-password"
          value={form.values.password}
          error={form.errors.password}
          onValue={(value) => form.setField("password", value)}
          hint={<SwitchLink onClick={() => openModal("forgot-password")}>Forgot password?</SwitchLink>}
        />
        <FormFooter
          error={serverError}
          isSubmitting={isSubmitting}
          isChecking={isChecking}
          label="Sign In"
          busyLabel="Signing in…"
        />
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          No account yet? <SwitchLink onClick={() => openModal("sign-up")}>Create account</SwitchLink>
          {" · "}
          <SwitchLink onClick={() => openModal("guest")}>Join as a guest</SwitchLink>
        </p>
      </form>
    </AuthDialog>
  );
}

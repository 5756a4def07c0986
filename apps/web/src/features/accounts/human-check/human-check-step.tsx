import { HUMAN_VERIFICATION_MESSAGES, type HumanCheckProvider } from "@heartline/shared";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../ui/button";
import { FormAlert } from "../../../ui/form-fields";
import { accountRequests } from "../api/account-requests";
import { failedAnswer, humanCheckErrorMessage } from "../domain/auth-messages";
import { AltchaWidget } from "./altcha-widget";

export interface HumanCheckStepProps {
  provider: HumanCheckProvider;
  /** The server accepted the solution (its short-lived human-pass cookie is set). */
  onPassed: () => void | Promise<void>;
  onBack: () => void;
}

/**
 * The 'Verify You're Human' step (spec §2, §4, §7): solve the check, post its token to
 * /api/verify-recaptcha, then carry on with the request that needed it.
 */
export function HumanCheckStep({ provider, onPassed, onBack }: HumanCheckStepProps) {
  const [error, setError] = useState<string | null>(null);
  const [isVerifying, setVerifying] = useState(false);
  const [resetKey, setResetKey] = useState(0);

  const submitToken = async (token: string) => {
    setError(null);
    setVerifying(true);
    const failure = await accountRequests.verifyHuman(token).then(() => null, failedAnswer);
    if (!failure) {
      await onPassed();
      return;
    }
    setVerifying(false);
    setError(humanCheckErrorMessage(failure));
    setResetKey((key) => key + 1);
  };

  return (
    <div className="mt-6 space-y-4">
      <div className="flex items-center gap-3 rounded-xl bg-zinc-50 p-3 text-sm text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-rose-600 dark:text-rose-400" />A quick
        privacy-friendly check, solved by your browser. No tracking, no puzzles.
      </div>
      {provider === "altcha" ? (
        <div className="altcha-host flex justify-center">
          <AltchaWidget
            resetKey={resetKey}
            onSolved={(payload) => void submitToken(payload)}
            onFailed={() => setError(HUMAN_VERIFICATION_MESSAGES.failed)}
          />
        </div>
      ) : (
        // Turnstile and reCAPTCHA need third-party scripts our CSP does not allow yet.
        <FormAlert message={HUMAN_VERIFICATION_MESSAGES.genericFailure} />
      )}
      {isVerifying ? (
        <p role="status" className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          Verifying…
        </p>
      ) : null}
      <FormAlert message={error} />
      <Button type="button" variant="ghost" className="w-full" onClick={onBack} disabled={isVerifying}>
        Back
      </Button>
    </div>
  );
}

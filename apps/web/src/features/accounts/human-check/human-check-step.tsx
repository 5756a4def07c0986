import { HUMAN_VERIFICATION_MESSAGES } from "@heartline/shared";
import { ShieldCheck } from "lucide-react";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { FormAlert } from "../../../ui/form-fields";
import { localizedMessage } from "../domain/localized-messages";

export interface HumanCheckStepProps {
  onBack: () => void;
}

/**
 * The 'Verify You're Human' step (spec §2, §4, §7) for the providers whose widget may need the user
 * (Turnstile, reCAPTCHA). ALTCHA never comes here: it runs by itself inside the form (issue #14).
 * Turnstile and reCAPTCHA need third-party scripts our CSP does not allow yet, so the step says the
 * check cannot run and offers the way back to the form.
 */
export function HumanCheckStep({ onBack }: HumanCheckStepProps) {
  const t = useT();
  return (
    <div className="mt-6 space-y-4">
      <div className="flex items-center gap-3 rounded-xl bg-zinc-50 p-3 text-sm text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-rose-600 dark:text-rose-400" />
        {t("accounts.humanCheck.text")}
      </div>
      <FormAlert message={localizedMessage(HUMAN_VERIFICATION_MESSAGES.genericFailure)} />
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        {t("accounts.back")}
      </Button>
    </div>
  );
}
